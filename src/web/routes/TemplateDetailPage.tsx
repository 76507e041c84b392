// /templates/{slug}: one published template. Its images ('Template Images' gallery), the rich
// description, the seller, a live preview on the board host, and the main action of shell §4:
// 'Use Template' (free, bought or one's own) or 'Buy for $x' (Stripe Checkout).
import { Anchor, Group, Stack } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useLocation, useParams } from 'react-router';
import { TEMPLATE_MESSAGES } from '../../shared/rules/templates';
import { useTemplate } from '../features/templates/api';
import { backLink } from '../features/templates/listing-query';
import { MarketplaceLayout } from '../features/templates/MarketplaceLayout';
import { absoluteUrl, usePageMeta } from '../features/templates/page-meta';
import { TemplateDetail, TemplateDetailSkeleton, TemplateProblem } from '../features/templates/TemplateDetail';
import { ApiError, messageOf } from '../lib/api';

export function TemplateDetailPage() {
  const { slug } = useParams();
  const template = useTemplate(slug);
  const back = backLink(useLocation().state);
  const notFound = template.error instanceof ApiError && template.error.status === 404;
  usePageMeta(
    template.data
      ? { title: template.data.name, description: template.data.summary, image: absoluteUrl(template.data.thumbnail, window.location.origin) }
      : template.isError
        ? { title: notFound ? TEMPLATE_MESSAGES.notFound : TEMPLATE_MESSAGES.loadFailed, description: 'Templates for your spreadsheets.' }
        : null,
  );

  return (
    <MarketplaceLayout>
      <Stack gap="md">
        <Anchor component={Link} to={back.to} size="sm" c="dimmed">
          <Group gap={4} component="span">
            <IconArrowLeft size={14} aria-hidden />
            {back.label}
          </Group>
        </Anchor>
        {template.isPending ? (
          <TemplateDetailSkeleton />
        ) : template.isError ? (
          notFound ? (
            <TemplateProblem title={TEMPLATE_MESSAGES.notFound} text="It may have been taken out of the marketplace, or the link is not quite right." />
          ) : (
            <TemplateProblem title={TEMPLATE_MESSAGES.loadFailed} text={messageOf(template.error)} onRetry={() => template.refetch()} retrying={template.isFetching} />
          )
        ) : (
          <TemplateDetail t={template.data} slug={slug ?? ''} />
        )}
      </Stack>
    </MarketplaceLayout>
  );
}
