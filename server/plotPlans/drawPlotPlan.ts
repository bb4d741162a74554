/**
 * Draws a plant's plot plan as SVG for the demo sites: roads, pipe racks, process units, tank
 * farm, flare and buildings, labelled, on a 1020 × 660 sheet (the plot plan bounds of SPEC §9),
 * so the map has a realistic drawing to put permits on without shipping an image file.
 */
export interface PlotPlanSheet {
  title: string;
  units: { x: number; y: number; w: number; h: number; label: string; tag: string }[];
  tanks: { x: number; y: number; r: number; label: string }[];
  buildings: { x: number; y: number; w: number; h: number; label: string }[];
}

export const PLOT_PLAN_WIDTH = 1020;
export const PLOT_PLAN_HEIGHT = 660;

const esc = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

export function drawPlotPlan(sheet: PlotPlanSheet): string {
  const parts: string[] = [];
  const add = (s: string) => parts.push(s);
  add(`<svg xmlns="http://www.w3.org/2000/svg" width="${PLOT_PLAN_WIDTH}" height="${PLOT_PLAN_HEIGHT}" viewBox="0 0 ${PLOT_PLAN_WIDTH} ${PLOT_PLAN_HEIGHT}" font-family="Arial, Helvetica, sans-serif">`);
  add('<defs><pattern id="grid" width="30" height="30" patternUnits="userSpaceOnUse"><path d="M30 0H0V30" fill="none" stroke="#dde3ea" stroke-width="1"/></pattern>');
  add('<pattern id="rack" width="12" height="12" patternUnits="userSpaceOnUse"><path d="M0 12L12 0" stroke="#8a6d3b" stroke-width="2"/></pattern></defs>');
  add(`<rect width="${PLOT_PLAN_WIDTH}" height="${PLOT_PLAN_HEIGHT}" fill="#f4f6f8"/><rect width="${PLOT_PLAN_WIDTH}" height="${PLOT_PLAN_HEIGHT}" fill="url(#grid)"/>`);
  // Roads: a ring road and two cross roads, each with a centre line.
  for (const [x, y, w, h] of [[20, 20, 980, 26], [20, 614, 980, 26], [20, 20, 26, 620], [974, 20, 26, 620], [20, 318, 980, 24], [498, 20, 24, 620]]) {
    add(`<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="#9aa3ad"/>`);
    const horizontal = w! > h!;
    add(horizontal
      ? `<line x1="${x}" y1="${y! + h! / 2}" x2="${x! + w!}" y2="${y! + h! / 2}" stroke="#ffffff" stroke-dasharray="12 10" stroke-width="2"/>`
      : `<line x1="${x! + w! / 2}" y1="${y}" x2="${x! + w! / 2}" y2="${y! + h!}" stroke="#ffffff" stroke-dasharray="12 10" stroke-width="2"/>`);
  }
  add('<text x="260" y="337" font-size="12" fill="#ffffff" text-anchor="middle">MAIN ROAD</text><text x="760" y="337" font-size="12" fill="#ffffff" text-anchor="middle">MAIN ROAD</text>');
  add('<text x="510" y="180" font-size="12" fill="#ffffff" text-anchor="middle" transform="rotate(-90 510 180)">1ST AVENUE</text>');
  // Pipe racks along the main road, north and south side.
  for (const y of [296, 346]) add(`<rect x="60" y="${y}" width="900" height="14" fill="url(#rack)" stroke="#8a6d3b"/>`);
  add('<text x="70" y="292" font-size="11" fill="#6b5227">PIPE RACK PR-1</text><text x="70" y="374" font-size="11" fill="#6b5227">PIPE RACK PR-2</text>');
  for (const u of sheet.units) {
    add(`<rect x="${u.x}" y="${u.y}" width="${u.w}" height="${u.h}" fill="#dce9f5" stroke="#2b5c8a" stroke-width="2"/>`);
    // Equipment inside a unit: columns (circles) and exchangers (small rects), for the look of a unit plan.
    add(`<circle cx="${u.x + 30}" cy="${u.y + 34}" r="14" fill="#ffffff" stroke="#2b5c8a"/><circle cx="${u.x + 64}" cy="${u.y + 34}" r="10" fill="#ffffff" stroke="#2b5c8a"/>`);
    add(`<rect x="${u.x + u.w - 70}" y="${u.y + 20}" width="50" height="12" fill="#ffffff" stroke="#2b5c8a"/><rect x="${u.x + u.w - 70}" y="${u.y + 40}" width="50" height="12" fill="#ffffff" stroke="#2b5c8a"/>`);
    add(`<text x="${u.x + u.w / 2}" y="${u.y + u.h - 26}" font-size="14" font-weight="bold" fill="#1b3a57" text-anchor="middle">${esc(u.label)}</text>`);
    add(`<text x="${u.x + u.w / 2}" y="${u.y + u.h - 10}" font-size="11" fill="#1b3a57" text-anchor="middle">${esc(u.tag)}</text>`);
  }
  for (const t of sheet.tanks) {
    add(`<circle cx="${t.x}" cy="${t.y}" r="${t.r + 8}" fill="none" stroke="#7a8793" stroke-dasharray="4 3"/>`);
    add(`<circle cx="${t.x}" cy="${t.y}" r="${t.r}" fill="#eef1f3" stroke="#4a5560" stroke-width="2"/>`);
    add(`<text x="${t.x}" y="${t.y + 4}" font-size="11" fill="#2f3a44" text-anchor="middle">${esc(t.label)}</text>`);
  }
  for (const b of sheet.buildings) {
    add(`<rect x="${b.x}" y="${b.y}" width="${b.w}" height="${b.h}" fill="#e8e1d0" stroke="#6b5e3c" stroke-width="2"/>`);
    add(`<text x="${b.x + b.w / 2}" y="${b.y + b.h / 2 + 4}" font-size="11" fill="#4a3f22" text-anchor="middle">${esc(b.label)}</text>`);
  }
  // Flare with its sterile radius, north arrow and title block.
  add('<circle cx="930" cy="90" r="34" fill="#fde7e7" stroke="#b42318" stroke-dasharray="5 4"/><circle cx="930" cy="90" r="6" fill="#b42318"/><text x="930" y="140" font-size="11" fill="#b42318" text-anchor="middle">FLARE F-901</text>');
  add('<g transform="translate(80 90)"><path d="M0 -26 L9 10 L0 4 L-9 10 Z" fill="#1b3a57"/><text x="0" y="26" font-size="12" text-anchor="middle" fill="#1b3a57">N</text></g>');
  add(`<rect x="700" y="560" width="260" height="44" fill="#ffffff" stroke="#1b3a57"/><text x="710" y="579" font-size="13" font-weight="bold" fill="#1b3a57">${esc(sheet.title)}</text>`);
  add('<text x="710" y="596" font-size="10" fill="#1b3a57">PLOT PLAN · NOT TO SCALE · FOR PERMIT LOCATION ONLY</text>');
  add('</svg>');
  return parts.join('\n');
}
