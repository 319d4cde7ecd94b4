import type { PageTable } from '../../lib/pages';

/** Score cards (docs/product.md#score-cards): an owner's providers ranked, one provider's card, and a provider's own card. */
export const scoreCardPages = {
  list: {
    id: 'scoreCards.list',
    path: '/report/score-card',
    load: () => import('./score-card-list-page'),
    rule: 'viewScoreCard',
    title: 'shell.menu.scoreCard',
  },
  detail: {
    id: 'scoreCards.detail',
    path: '/report/score-card/:id',
    load: () => import('./score-card-detail-page'),
    rule: 'viewScoreCard',
    title: 'scoreCards.detail.title',
    parent: 'scoreCards.list',
  },
  mine: {
    id: 'scoreCards.mine',
    path: '/report/my-score-card',
    load: () => import('./my-score-card-page'),
    rule: 'viewOwnScoreCard',
    title: 'shell.menu.myScoreCard',
  },
} satisfies PageTable;
