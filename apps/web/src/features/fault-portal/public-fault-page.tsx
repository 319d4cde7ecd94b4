import { Alert, Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconRestore } from '@tabler/icons-react';
import { lazy, Suspense, startTransition, useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { CodeText } from '../../components/code-text';
import { ApiError } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { useTranslation } from '../../lib/i18n';
import './fault-portal-english';
import { clearDraft, type RestoredDraft, readDraft, saveDraft, savePhoto } from './fault-draft';
import { EMPTY_FAULT, FaultForm, type FaultFormDraft, type FaultFormValues, openingCluster } from './fault-form';
import { FaultFormSkeleton } from './fault-form-skeleton';
import { type ClusterChoice, reportPublicFault, usePortalAsset, usePortalFormLists, usePortalOwner } from './fault-portal-api';
import { PortalLayout } from './portal-layout';
import { portalLink } from './portal-location';
import { readPreparedFault, savePreparedFault } from './prepared-fault';

// Only an unknown owner's link shows it: not part of the portal's first load.
const NotFoundPage = lazy(() => import('../../components/not-found-page'));

const ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * /report/fault/:ownerId, the owner's public fault portal (docs/product.md#fault-portal), opened from a QR label
 * (?asset= pre-fills the asset). Anonymous: Submit, then the tracking code. Signed in: the user's
 * details are filled in and Next carries the prepared fault to /service-request/fault for review.
 */
export default function PublicFaultPage({ ownerId, assetId: labelAsset }: { ownerId: string; assetId: string | null }) {
  const { t } = useTranslation();
  useDocumentTitle(`${t('faultPortal.portal.title')} · AMP`);
  const { token, user } = useAuth();
  const validOwner = ID_PATTERN.test(ownerId);
  const owner = usePortalOwner(validOwner ? ownerId : '');
  // Back from the review page: the prepared fault comes back into the form.
  const prepared = useMemo(() => {
    const fault = token ? readPreparedFault() : null;
    return fault?.ownerId === ownerId ? fault : null;
  }, [token, ownerId]);
  const draft = useKeptDraft(validOwner && !prepared ? ownerId : null);

  const presetAssetId = prepared?.body.asset ?? (labelAsset && ID_PATTERN.test(labelAsset) ? labelAsset : null);
  const preset = usePortalAsset(ownerId, validOwner ? presetAssetId : null);
  const signedIn = token !== null;

  const initial = useMemo<FaultFormValues>(() => {
    if (prepared) return { ...EMPTY_FAULT, ...prepared.body, state: prepared.body.state ?? null, document: [] };
    if (!user) return EMPTY_FAULT;
    return {
      ...EMPTY_FAULT,
      email: user.email,
      fullName: `${user.firstName} ${user.lastName}`.trim(),
      phoneNumber: user.telephone ?? '',
    };
  }, [prepared, user]);

  // The cluster whose assets the form opens with, once the draft and the label's asset are read:
  // the form waits for its lists, so it is drawn once, complete.
  const formCluster: ClusterChoice | undefined =
    !draft.read || (presetAssetId && preset.isPending) ? undefined : openingCluster(draft.restored, preset.data, true);
  const listsRead = usePortalFormLists(validOwner ? ownerId : null, formCluster);
  const loaded = Boolean(owner.data && (!signedIn || user) && listsRead);
  // The form is drawn in the background (a deferred render React splits into short tasks), so a
  // phone stays responsive while it builds; the skeleton holds its place meanwhile. Once drawn it
  // stays: a discarded draft or a sent report does not take it back to the skeleton.
  const [opened, setOpened] = useState(false);
  if (loaded && !opened) setOpened(true);
  const ready = useDeferredValue(opened, false);

  // An unknown or inactive owner is no page at all (issue 8), not an error.
  const missing = !validOwner || (owner.error instanceof ApiError && owner.error.status >= 400 && owner.error.status < 500);
  if (missing) {
    return (
      <Suspense fallback={null}>
        <NotFoundPage />
      </Suspense>
    );
  }

  return (
    <PortalLayout ownerName={owner.data?.name} guidance="report">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1} fz={{ base: 24, sm: 30 }}>
            {t('faultPortal.portal.title')}
          </Title>
          <Text c="dimmed">
            {owner.data
              ? signedIn
                ? t('faultPortal.portal.signedInIntro', { owner: owner.data.name })
                : t('faultPortal.portal.intro', { owner: owner.data.name })
              : '\u00a0'}
          </Text>
        </Stack>
        {owner.isError ? (
          <Text c="red" role="alert">
            {t('ERROR.GENERIC')}
          </Text>
        ) : !ready || !owner.data ? (
          <FaultFormSkeleton />
        ) : (
          <FaultForm
            key={draft.formKey}
            draft={draft.restored}
            onDraftChange={draft.keep}
            source={{ kind: 'portal', ownerId }}
            mode="report"
            initial={initial}
            initialAsset={preset.data ?? null}
            initialImage={prepared?.image ?? null}
            uploadTo={signedIn ? 'signed-in' : { ownerId }}
            submitLabel={signedIn ? t('faultPortal.form.next') : t('faultPortal.form.submit')}
            submitKind={signedIn ? 'next' : 'send'}
            onSubmit={async (body, { image, labels }) => {
              if (signedIn) {
                // The review page holds it now, and clears the draft once it is sent.
                savePreparedFault({ ownerId, ownerName: owner.data?.name ?? '', body, image, labels });
                // The review is a page of the app (signed in), not of the portal.
                window.location.assign('/service-request/fault');
                return null;
              }
              const reported = await reportPublicFault(ownerId, body);
              draft.sent();
              return { reported };
            }}
            successDetails={(reported) => (
              <>
                <span>
                  {t('faultPortal.success.code')} <CodeText fw={700}>{reported.code}</CodeText>
                </span>
                <span>{t('faultPortal.success.emailed')}</span>
                <Anchor {...portalLink(`/report/fault/track/${reported.code}`)} fw={600}>
                  {t('faultPortal.success.track')}
                </Anchor>
              </>
            )}
          >
            {draft.noticeShown ? (
              <Alert color="blue" variant="light" icon={<IconRestore size={18} />} role="status">
                <Group justify="space-between" gap="xs">
                  <Text size="sm">{t('faultPortal.draft.restored')}</Text>
                  <Button variant="subtle" size="compact-sm" onClick={draft.discard}>
                    {t('faultPortal.draft.discard')}
                  </Button>
                </Group>
              </Alert>
            ) : null}
          </FaultForm>
        )}
      </Stack>
    </PortalLayout>
  );
}

/**
 * The report the reporter left half-filled on this owner's portal (fault-draft.ts): read once, kept
 * at each change, cleared when the report is sent or discarded. `ownerId` null: none is kept (an
 * invalid link, or a prepared fault back from the review page).
 */
function useKeptDraft(ownerId: string | null) {
  const [restored, setRestored] = useState<RestoredDraft | null>(null);
  const [read, setRead] = useState(ownerId === null);
  const [noticeShown, setNoticeShown] = useState(false);
  const [formKey, setFormKey] = useState(0);
  const keptPhoto = useRef<File | null>(null);

  useEffect(() => {
    if (ownerId === null) return setRead(true);
    let current = true;
    // A draft that cannot be read is no draft: the form opens empty rather than not at all.
    readDraft(ownerId)
      .catch(() => null)
      .then((found) => {
        if (!current) return;
        keptPhoto.current = found?.photo ?? null;
        // A transition, as the form's lists arriving: the page is redrawn in short tasks.
        startTransition(() => {
          setRestored(found);
          setNoticeShown(found !== null);
          setRead(true);
        });
      });
    return () => {
      current = false;
    };
  }, [ownerId]);

  const keep = useCallback(
    (draft: FaultFormDraft) => {
      if (ownerId === null) return;
      saveDraft(ownerId, { values: draft.values, clusterChoice: draft.clusterChoice, asset: draft.asset, hasPhoto: draft.photo !== null });
      if (draft.photo !== keptPhoto.current) {
        keptPhoto.current = draft.photo;
        savePhoto(ownerId, draft.photo).catch(() => undefined);
      }
    },
    [ownerId],
  );

  const forget = useCallback(() => {
    if (ownerId !== null) clearDraft(ownerId);
    keptPhoto.current = null;
    setNoticeShown(false);
  }, [ownerId]);

  return {
    read,
    restored,
    noticeShown,
    formKey,
    keep,
    /** The report went out: nothing is left to restore (the form resets itself). */
    sent: forget,
    /** Back to a fresh form. */
    discard: () => {
      forget();
      setRestored(null);
      setFormKey((key) => key + 1);
    },
  };
}
