/**
 * The QR code of a Pix copia e cola, drawn as SVG in the browser with `qrcode` (node-qrcode; docs/decisions.md, "Charges
 * and Pix"). The library is loaded only when a charge with a code is shown, so the pages that never show one do not
 * carry it. The symbol is drawn from the library's module matrix as one SVG path (no markup string, no data URL: nothing
 * the CSP has to allow), with the 4-module quiet zone the QR specification asks for.
 */
import { Skeleton, Text } from '@mantine/core';
import { useEffect, useState } from 'react';

/** The quiet zone around the symbol, in modules. */
const QUIET = 4;

export interface QrPath {
  /** Modules per side, quiet zone included. */
  size: number;
  /** One `M x y h n v 1 h -n z` run per horizontal stretch of dark modules. */
  d: string;
}

type QrLib = typeof import('qrcode');

/** The path of the dark modules of `text`'s QR code (error correction M, as payers' apps read a phone screen). */
export async function qrPath(text: string): Promise<QrPath> {
  const lib = (await import('qrcode')) as QrLib & { default?: QrLib };
  const create = lib.create ?? lib.default!.create;
  const { modules } = create(text, { errorCorrectionLevel: 'M' });
  const n = modules.size;
  let d = '';
  for (let row = 0; row < n; row++) {
    for (let col = 0; col < n; ) {
      if (!modules.get(row, col)) {
        col++;
        continue;
      }
      let run = 1;
      while (col + run < n && modules.get(row, col + run)) run++;
      d += `M${col + QUIET} ${row + QUIET}h${run}v1h-${run}z`;
      col += run;
    }
  }
  return { size: n + 2 * QUIET, d };
}

/** The QR code of `code`, named for the reader (`label`); a skeleton while the library loads. */
export function PixQr({ code, label, px = 200 }: { code: string; label: string; px?: number }) {
  const [qr, setQr] = useState<{ code: string; path: QrPath } | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    setFailed(false);
    qrPath(code).then(
      (path) => live && setQr({ code, path }),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [code]);
  if (failed) return <Text size="sm" c="dimmed">Não foi possível desenhar o QR Code. Use o código copia e cola.</Text>;
  if (!qr || qr.code !== code) return <Skeleton width={px} height={px} aria-hidden />;
  return (
    <svg
      role="img"
      aria-label={label}
      width={px}
      height={px}
      viewBox={`0 0 ${qr.path.size} ${qr.path.size}`}
      shapeRendering="crispEdges"
      data-testid="pix-qr"
    >
      <rect width={qr.path.size} height={qr.path.size} fill="#fff" />
      <path d={qr.path.d} fill="#000" />
    </svg>
  );
}
