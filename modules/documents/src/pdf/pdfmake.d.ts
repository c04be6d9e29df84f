// pdfmake 0.3 ships no types: the slice of its server API this module uses.
declare module 'pdfmake' {
  interface OutputDocument {
    getBuffer(): Promise<Buffer>;
  }
  interface PdfMake {
    virtualfs: { writeFileSync(name: string, data: Buffer): void; existsSync(name: string): boolean };
    setFonts(fonts: Record<string, { normal: string; bold: string; italics: string; bolditalics: string }>): void;
    setUrlAccessPolicy(callback: (url: string) => boolean): void;
    setLocalAccessPolicy(callback: (path: string) => boolean): void;
    createPdf(definition: object, options?: object): OutputDocument;
  }
  const pdfmake: PdfMake;
  export default pdfmake;
}
