/**
 * "Export proof as PNG": the canvas as it is drawn (the witness segment or the blocked line on
 * screen) with the engine's verdict written under it, as a PNG data URL. Drawing only.
 */

/** Colours of the banner's verdict line. */
const VERDICT = { visible: '#3ddc84', blocked: '#ff5a4f' } as const;

/** What the banner says. */
export interface ProofText {
  /** The verdict headline, e.g. `Liberators (unit) → Brutes · n-brutes-1: VISIBLE`. */
  headline: string;
  /** True when visible (green), false when blocked (red). */
  visible: boolean;
  /** Further lines (witness, rule, scenario, date). */
  details: string[];
}

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve(img);
    img.onerror = () => reject(new Error('the canvas image could not be read'));
    img.src = src;
  });
}

/**
 * Composes the proof: the canvas PNG (`shot`, a data URL) with a banner under it carrying `text`.
 * @param cssWidth - the canvas's width in CSS pixels (to scale the banner text to the image).
 * @returns the PNG as a data URL.
 */
export async function composeProof(shot: string, text: ProofText, cssWidth: number): Promise<string> {
  const img = await loadImage(shot);
  const scale = cssWidth > 0 ? img.width / cssWidth : 1;
  const pad = 16 * scale;
  const head = 20 * scale;
  const line = 15 * scale;
  const bannerH = pad * 2 + head + 6 * scale + text.details.length * (line + 4 * scale);
  const c = document.createElement('canvas');
  c.width = img.width;
  c.height = Math.ceil(img.height + bannerH);
  const g = c.getContext('2d');
  if (!g) throw new Error('no 2D canvas to compose the proof');
  g.drawImage(img, 0, 0);
  g.fillStyle = '#12161c';
  g.fillRect(0, img.height, c.width, bannerH);
  g.fillStyle = text.visible ? VERDICT.visible : VERDICT.blocked;
  g.fillRect(0, img.height, 6 * scale, bannerH);
  let y = img.height + pad + head * 0.8;
  g.font = `700 ${head}px system-ui, sans-serif`;
  g.fillStyle = text.visible ? VERDICT.visible : VERDICT.blocked;
  g.fillText(text.headline, pad + 6 * scale, y);
  g.font = `${line}px system-ui, sans-serif`;
  g.fillStyle = '#dfe6ee';
  y += 6 * scale;
  for (const d of text.details) {
    y += line + 4 * scale;
    g.fillText(d, pad + 6 * scale, y);
  }
  return c.toDataURL('image/png');
}

/** Triggers the browser's download of a data URL. */
export function downloadDataUrl(url: string, filename: string): void {
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
}

/**
 * Triggers the browser's download of `text` as a file named `filename` (an object URL, revoked a
 * minute later, once the download has long started). `type` defaults to JSON.
 */
export function downloadText(filename: string, text: string, type = 'application/json'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  downloadDataUrl(url, filename);
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
