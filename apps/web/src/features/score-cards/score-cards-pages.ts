import type { PageTable } from '../../lib/pages';

/** Score cards (SPEC.md 2.3): an owner's providers ranked, one provider's card, and a provider's own card. */
export const scoreCardPages = {
  list: {
    id: 'scoreCards.list',
    path: '/report/score-card',
    load: () => import('./score-card-list-page'),
    rule: 'viewScoreCard',
    title: 'shell.menu.scoreCard',
  },
  mine: {
    id: 'scoreCards.mine',
    path: '/report/my-score-card',
    load: () => import('./my-score-card-page'),
    rule: 'viewOwnScoreCard',
    title: 'shell.menu.myScoreCard',
  },
} satisfies PageTable;
