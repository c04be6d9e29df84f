import sharp from 'sharp';

/**
 * Pictures for the demo tours, drawn here rather than shipped as files: a desert scene (sky, sun, dunes) in
 * one of a few palettes, so each demo tour has photos and the tour editor's Media tab has no warning.
 * No text is drawn: the server may have no fonts.
 */
const PALETTES = [
  { sky: ['#f6c07a', '#e8734a'], sun: '#fff3c4', dunes: ['#d9893b', '#b8652a', '#8f4a1f'] },
  { sky: ['#8ec9f0', '#cfe9f7'], sun: '#fffbe6', dunes: ['#e7c38a', '#d4a465', '#b9844a'] },
  { sky: ['#2b2a5c', '#8a4f7d'], sun: '#f7e3b5', dunes: ['#6b4a5a', '#4d3547', '#33242f'] },
  { sky: ['#9fd3c7', '#f2e8cf'], sun: '#ffffff', dunes: ['#c9a66b', '#a9834c', '#7d5e33'] },
];

function scene(index: number, width: number, height: number): string {
  const p = PALETTES[index % PALETTES.length]!;
  const dune = (y: number, amp: number, phase: number, fill: string) => {
    const points = Array.from({ length: 9 }, (_, i) => {
      const x = (i / 8) * width;
      return `${x.toFixed(0)},${(y + Math.sin(i * 0.9 + phase) * amp).toFixed(0)}`;
    });
    return `<polygon points="0,${height} ${points.join(' ')} ${width},${height}" fill="${fill}"/>`;
  };
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.sky[0]}"/><stop offset="1" stop-color="${p.sky[1]}"/></linearGradient></defs>
  <rect width="${width}" height="${height}" fill="url(#sky)"/>
  <circle cx="${width * (0.25 + (index % 3) * 0.25)}" cy="${height * 0.3}" r="${height * 0.09}" fill="${p.sun}"/>
  ${dune(height * 0.62, height * 0.05, index, p.dunes[0]!)}
  ${dune(height * 0.72, height * 0.06, index + 2, p.dunes[1]!)}
  ${dune(height * 0.84, height * 0.04, index + 4, p.dunes[2]!)}
</svg>`;
}

/** A 1600×1067 JPEG of demo scene `index`. */
export function demoPhotoJpeg(index: number): Promise<Buffer> {
  return sharp(Buffer.from(scene(index, 1600, 1067))).jpeg({ quality: 82 }).toBuffer();
}
