// Draws the app icon (build/icon.png, 1024x1024 RGBA) with no dependencies: signed distance
// fields give anti-aliased edges, and the PNG is written by hand with zlib.
// electron-builder derives the macOS .icns and the Windows .ico from it. Linux gets its own
// build/icons/NxN.png set, drawn at each size (not scaled down), so small icons stay sharp.
// Run: node build/make-icon.mjs
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

const SIZE = 1024;
/** The sizes of the Linux hicolor theme the desktop entry's icon is installed in. */
export const LINUX_SIZES = [16, 24, 32, 48, 64, 128, 256, 512];

// macOS icon grid: an 824 px rounded square centred on the 1024 canvas.
const TILE = { cx: 512, cy: 512, half: 412, radius: 184 };
const TOP = [0x2c, 0x2c, 0x34];
const BOTTOM = [0x16, 0x16, 0x1a];
const ACCENT = [0xe0, 0x7b, 0x55]; // the prompt chevron
const CURSOR = [0xf2, 0xee, 0xe8]; // the cursor bar
const STROKE = 76;

function roundedBox(x, y, { cx, cy, half, radius }) {
  const qx = Math.abs(x - cx) - half + radius;
  const qy = Math.abs(y - cy) - half + radius;
  return Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - radius;
}

function segment(x, y, ax, ay, bx, by) {
  const px = x - ax;
  const py = y - ay;
  const dx = bx - ax;
  const dy = by - ay;
  const t = Math.max(0, Math.min(1, (px * dx + py * dy) / (dx * dx + dy * dy)));
  return Math.hypot(px - dx * t, py - dy * t);
}

function smoothstep(edge0, edge1, v) {
  const t = Math.max(0, Math.min(1, (v - edge0) / (edge1 - edge0)));
  return t * t * (3 - 2 * t);
}

// `px`: how many units of the 1024 grid one output pixel spans, so edges stay one pixel soft.
const coverage = (d, px) => Math.max(0, Math.min(1, 0.5 - d / px));

function over(dst, rgb, alpha) {
  const a = alpha + dst[3] * (1 - alpha);
  if (a === 0) return [0, 0, 0, 0];
  return [
    (rgb[0] * alpha + dst[0] * dst[3] * (1 - alpha)) / a,
    (rgb[1] * alpha + dst[1] * dst[3] * (1 - alpha)) / a,
    (rgb[2] * alpha + dst[2] * dst[3] * (1 - alpha)) / a,
    a,
  ];
}

function pixel(x, y, px) {
  let out = [0, 0, 0, 0];
  // A soft shadow below the tile.
  const shadow = 0.34 * (1 - smoothstep(-12, 34, roundedBox(x, y - 12, TILE)));
  if (shadow > 0) out = over(out, [0, 0, 0], shadow);
  const tile = coverage(roundedBox(x, y, TILE), px);
  if (tile > 0) {
    const t = (y - (TILE.cy - TILE.half)) / (2 * TILE.half);
    const bg = TOP.map((c, i) => c + (BOTTOM[i] - c) * Math.max(0, Math.min(1, t)));
    out = over(out, bg, tile);
    // ">" prompt, then a "_" cursor: a terminal waiting for input.
    const chevron = Math.min(segment(x, y, 318, 356, 496, 512), segment(x, y, 496, 512, 318, 668)) - STROKE / 2;
    out = over(out, ACCENT, coverage(chevron, px) * tile);
    const cursor = segment(x, y, 566, 668, 712, 668) - STROKE / 2;
    out = over(out, CURSOR, coverage(cursor, px) * tile);
  }
  return out;
}

function crcTable() {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
}
const CRC = crcTable();
function crc32(buf) {
  let c = 0xffffffff;
  for (const b of buf) c = CRC[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

export function renderIcon(size = SIZE) {
  const px = SIZE / size;
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) {
    const row = y * (size * 4 + 1);
    raw[row] = 0; // filter: none
    for (let x = 0; x < size; x++) {
      // Sample at the pixel centre, on the 1024 grid.
      const [r, g, b, a] = pixel((x + 0.5) * px, (y + 0.5) * px, px);
      const o = row + 1 + x * 4;
      raw[o] = Math.round(r);
      raw[o + 1] = Math.round(g);
      raw[o + 2] = Math.round(b);
      raw[o + 3] = Math.round(a * 255);
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const target = fileURLToPath(new URL('./icon.png', import.meta.url));
  writeFileSync(target, renderIcon());
  console.log(`wrote ${target}`);
  const dir = fileURLToPath(new URL('./icons/', import.meta.url));
  mkdirSync(dir, { recursive: true });
  for (const size of LINUX_SIZES) writeFileSync(`${dir}${size}x${size}.png`, renderIcon(size));
  console.log(`wrote ${LINUX_SIZES.map((s) => `${s}x${s}`).join(', ')} in ${dir}`);
}
