import { Center, Image, type ImageProps, Skeleton } from '@mantine/core';
import { IconPhotoOff } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import { fetchFileBlob } from './files-api';

export type AuthedImageProps = Omit<ImageProps, 'src'> & {
  /** An API file URL (/v2/file/...), which needs the bearer token. */
  src: string;
  alt: string;
  /** The placeholder's height while loading (the image's own `h` when given, else the parent's). */
  loadingHeight?: number | string;
};

/**
 * An image behind the API's authentication: an <img> cannot send the bearer token, so the bytes
 * are fetched with it and shown from a blob URL, revoked when the image goes.
 */
export function AuthedImage({ src, alt, h, w, radius, loadingHeight, ...rest }: AuthedImageProps) {
  const { t } = useTranslation();
  const [state, setState] = useState<{ src: string; url?: string; failed?: boolean }>({ src });

  useEffect(() => {
    const controller = new AbortController();
    let objectUrl: string | undefined;
    setState({ src });
    fetchFileBlob(src, controller.signal).then(
      (blob) => {
        objectUrl = URL.createObjectURL(blob);
        setState({ src, url: objectUrl });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ src, failed: true });
        if (!(error instanceof DOMException)) console.warn('[amp] image failed to load', src, error);
      },
    );
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [src]);

  const current = state.src === src ? state : { src };
  if (current.failed) {
    return (
      <Center
        h={h ?? loadingHeight ?? '100%'}
        w={w ?? '100%'}
        bg="var(--mantine-color-default-hover)"
        style={{ borderRadius: 'var(--mantine-radius-sm)' }}
      >
        <IconPhotoOff size={24} stroke={1.5} color="var(--mantine-color-dimmed)" aria-label={t('files.imageUnavailable')} role="img" />
      </Center>
    );
  }
  if (!current.url) return <Skeleton h={h ?? loadingHeight ?? '100%'} w={w ?? '100%'} radius={radius} aria-hidden />;
  return <Image src={current.url} alt={alt} h={h} w={w} radius={radius} {...rest} />;
}
