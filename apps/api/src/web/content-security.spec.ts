import { tileOrigin } from './content-security';

describe('tileOrigin (CSP img-src for map tiles)', () => {
  it('answers the origin of a tile URL template', () => {
    expect(tileOrigin('https://tile.openstreetmap.org/{z}/{x}/{y}.png')).toBe('https://tile.openstreetmap.org');
    expect(tileOrigin('http://127.0.0.1:8080/tiles/{z}/{x}/{y}.png')).toBe('http://127.0.0.1:8080');
  });

  it('allows every subdomain of a {s} template', () => {
    expect(tileOrigin('https://{s}.tiles.example.test/{z}/{x}/{y}.png')).toBe('https://*.tiles.example.test');
  });

  it('answers null without tiles or for a template that is not a URL', () => {
    expect(tileOrigin('')).toBeNull();
    expect(tileOrigin('not a url')).toBeNull();
  });
});
