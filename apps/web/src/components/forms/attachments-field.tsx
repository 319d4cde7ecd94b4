import { MAX_FILES_PER_FIELD } from '@amp/contracts/file';
import { Input, SimpleGrid } from '@mantine/core';
import { useState } from 'react';
import { ApiError } from '../../lib/api';
import { useTranslation } from '../../lib/i18n';
import { translateApiText } from '../api-error';
import { FileUploadField, type UploadedFile } from '../files/file-upload-field';
import { FULL_ROW } from './form-section';
import type { RequestFormTexts } from './request-form-texts';

/** The photos and documents a new request carries as its `attachments`, uploaded as they are chosen. */
export function useAttachmentDrafts() {
  const [photos, setPhotos] = useState<UploadedFile[]>([]);
  const [documents, setDocuments] = useState<UploadedFile[]>([]);
  const [error, setError] = useState<string | undefined>();
  return {
    photos,
    setPhotos,
    documents,
    setDocuments,
    error,
    clearError: () => setError(undefined),
    ids: () => [...photos, ...documents].map((file) => file._id),
    /** Shows the API's messages on the attachments at the field; returns the rest of the failure, or null. */
    takeErrors: (failure: unknown) => takeAttachmentErrors(failure, setError),
  };
}

export type AttachmentDrafts = ReturnType<typeof useAttachmentDrafts>;

/** Takes the attachments' messages (paths "attachments" or "attachments.2") for the files; returns the rest, or null. */
function takeAttachmentErrors(error: unknown, set: (message: string) => void): unknown {
  if (!(error instanceof ApiError) || error.errors.length === 0) return error;
  const rest = error.errors.filter((fieldError) => {
    if (fieldError.path.split('.')[0] !== 'attachments') return true;
    set(translateApiText(fieldError.message));
    return false;
  });
  if (rest.length === error.errors.length) return error;
  return rest.length === 0 ? null : new ApiError(error.status, error.message, rest);
}

/** Photos and documents side by side, at most `max` files in all, across a two-column section. */
export function AttachmentsField({ drafts, texts, max }: { drafts: AttachmentDrafts; texts: RequestFormTexts; max: number }) {
  const { t } = useTranslation();
  return (
    <Input.Wrapper
      label={t(`${texts.field}.attachments`)}
      description={t(`${texts.form}.attachmentsHint`, { max })}
      error={drafts.error}
      style={FULL_ROW}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" mt={6}>
        <FileUploadField
          label={t(`${texts.field}.photos`)}
          kind="image"
          multiple
          max={Math.min(MAX_FILES_PER_FIELD, max - drafts.documents.length)}
          value={drafts.photos}
          onChange={drafts.setPhotos}
        />
        <FileUploadField
          label={t(`${texts.field}.documents`)}
          kind="document"
          multiple
          max={Math.min(MAX_FILES_PER_FIELD, max - drafts.photos.length)}
          value={drafts.documents}
          onChange={drafts.setDocuments}
        />
      </SimpleGrid>
    </Input.Wrapper>
  );
}
