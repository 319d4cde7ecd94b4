import { Text } from '@mantine/core';
import {
  IconAdjustments,
  IconBuildingWarehouse,
  IconClipboardList,
  IconHeadset,
  IconHelpCircle,
  IconHome,
  IconMessageReport,
  IconPackages,
  IconRocket,
  IconShieldCheck,
  IconTool,
  type TablerIcon,
} from '@tabler/icons-react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import { GUIDE_CATEGORIES, type GuideCategory } from './guides';
import classes from './help.module.css';
import { categoryPath } from './help-paths';

export const CATEGORY_ICONS: Record<GuideCategory, TablerIcon> = {
  'basic-operations': IconRocket,
  'fault-reporting': IconMessageReport,
  'service-request': IconClipboardList,
  'work-order': IconTool,
  'asset-management': IconPackages,
  'sla-management': IconShieldCheck,
  administration: IconAdjustments,
  'pricebook-warehouse': IconBuildingWarehouse,
};

interface Topic {
  to: string;
  label: string;
  icon: TablerIcon;
  current: boolean;
}

/** The Help Center's topics (docs/product.md#help-center): the guide categories, then FAQ and contact. */
export function HelpSidebar() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const category = pathname === '/help/guides' ? params.get('category') : null;
  const topics: Topic[] = [
    { to: '/help', label: t('help.nav.overview'), icon: IconHome, current: pathname === '/help' },
    ...GUIDE_CATEGORIES.map((key) => ({
      to: categoryPath(key),
      label: t(`help.category.${key}`),
      icon: CATEGORY_ICONS[key],
      current: category === key,
    })),
    { to: '/help/faq', label: t('help.category.faq'), icon: IconHelpCircle, current: pathname === '/help/faq' },
    { to: '/help/contact', label: t('help.category.contact'), icon: IconHeadset, current: pathname === '/help/contact' },
  ];
  return (
    <nav aria-label={t('help.nav.label')}>
      <Text className={classes.topicsTitle} size="xs" fw={700} tt="uppercase" c="dimmed" mb="xs" px="sm">
        {t('help.nav.menu')}
      </Text>
      <ul className={classes.topics}>
        {topics.map(({ to, label, icon: Icon, current }) => (
          <li key={to}>
            <Link to={to} className={classes.topic} aria-current={current ? 'page' : undefined}>
              <Icon size={18} stroke={1.7} aria-hidden />
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
