import type { Asset } from '@amp/contracts/asset';
import { create } from 'qrcode';
import { useMemo } from 'react';
import { useTranslation } from '../../lib/i18n';
import './asset-labels.css';

/** An A4 sheet holds 3 × 8 labels of 70 × 37 mm (the common 24-up label sheet). */
export const LABELS_PER_PAGE = 24;

/** What a label's QR code opens: the owner's public fault portal with the asset chosen (issue 3, "QR labels"). */
export function faultReportUrl(publicUrl: string, ownerId: string, assetId: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/report/fault/${ownerId}?asset=${assetId}`;
}

/** The quiet zone around the code, in modules (the standard asks for 4; 2 reads well and saves room on a small label). */
const QUIET_ZONE = 2;

/**
 * A QR code (error correction M) as inline SVG: one path of unit squares on a white ground,
 * crisp at any size, on screen and in print.
 */
export function QrCode({ value, label, className }: { value: string; label: string; className?: string }) {
  const { size, path } = useMemo(() => {
    const { modules } = create(value, { errorCorrectionLevel: 'M' });
    let d = '';
    for (let row = 0; row < modules.size; row++) {
      for (let col = 0; col < modules.size; col++) {
        if (modules.data[row * modules.size + col]) d += `M${col + QUIET_ZONE} ${row + QUIET_ZONE}h1v1h-1z`;
      }
    }
    return { size: modules.size + QUIET_ZONE * 2, path: d };
  }, [value]);
  return (
    <svg
      className={className}
      data-testid="asset-qr"
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
      xmlns="http://www.w3.org/2000/svg"
    >
      <rect width={size} height={size} fill="#ffffff" />
      <path d={path} fill="#000000" />
    </svg>
  );
}

interface LabelTarget {
  publicUrl: string;
  ownerId: string;
}

export function AssetLabel({ asset, target }: { asset: Asset; target: LabelTarget }) {
  const { t } = useTranslation();
  const url = faultReportUrl(target.publicUrl, target.ownerId, asset._id);
  return (
    <div className="asset-label" data-testid="asset-label" data-url={url}>
      <QrCode className="asset-label-qr" value={url} label={t('assets.label.qrFor', { name: asset.name })} />
      <div className="asset-label-text">
        <div className="asset-label-name">{asset.name}</div>
        <div className="asset-label-code">{asset.assetID}</div>
        {asset.cluster ? <div className="asset-label-cluster">{asset.cluster.name}</div> : null}
        <div className="asset-label-hint">{t('assets.label.scanToReport')}</div>
      </div>
    </div>
  );
}

/**
 * The labels as printed sheets: on screen a flowing grid, in print A4 pages of 3 × 8 labels (each
 * page its own grid, so no label is ever cut by a page break).
 */
export function LabelSheet({ assets, target }: { assets: Asset[]; target: LabelTarget }) {
  const pages: Asset[][] = [];
  for (let i = 0; i < assets.length; i += LABELS_PER_PAGE) pages.push(assets.slice(i, i + LABELS_PER_PAGE));
  return (
    <div className="asset-label-sheet">
      {pages.map((page) => (
        <div className="asset-label-page" key={page[0]!._id}>
          {page.map((asset) => (
            <AssetLabel key={asset._id} asset={asset} target={target} />
          ))}
        </div>
      ))}
    </div>
  );
}
