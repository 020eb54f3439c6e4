import { describe, expect, it } from 'vitest';
import {
  imagesDecide,
  isHiddenItem,
  scanPdfTextVisibility,
  type PdfOpCodes,
  type PdfOps,
} from '../../../lib/documents/find-hidden-pdf-text';

/** Operator codes of our own (the scan takes them as given, as it does pdf.js's OPS). */
const OPS: PdfOpCodes = {
  save: 1,
  restore: 2,
  setFillRGBColor: 3,
  setTextRenderingMode: 4,
  setFont: 5,
  setTextMatrix: 6,
  showText: 7,
  showSpacedText: 8,
  nextLineShowText: 9,
  nextLineSetSpacingShowText: 10,
  paintImageXObject: 11,
  paintInlineImageXObject: 12,
  paintImageXObjectRepeat: 13,
};

type Op = [number, unknown[]];
const glyphs = (text: string) => [...text].map((unicode) => ({ unicode }));
const show = (text: string): Op => [OPS.showText, [glyphs(text)]];
const font = (size: number): Op => [OPS.setFont, ['F1', size]];
const fill = (hex: string): Op => [OPS.setFillRGBColor, [hex]];
const mode = (m: number): Op => [OPS.setTextRenderingMode, [m]];
const image: Op = [OPS.paintImageXObject, ['img_1', 10, 10]];
const ops = (...list: Op[]): PdfOps => ({ fnArray: list.map((o) => o[0]), argsArray: list.map((o) => o[1]) });
const scan = (...list: Op[]) => scanPdfTextVisibility(ops(...list), OPS);
/** The page as pdf.js lists it when its images are left out (read-pdf.ts's first opening). */
const withoutImages = (...list: Op[]) => scan(...list.filter((o) => o !== image));

describe('scanPdfTextVisibility', () => {
  it('sorts white, sub-point and invisible-mode text from visible text', () => {
    const s = scan(
      font(12),
      show('Visible line'),
      [OPS.save, []],
      fill('#fefefe'),
      show('white words'),
      [OPS.restore, []],
      font(0.5),
      show('tiny words'),
      font(12),
      mode(3),
      show('invisible words'),
    );
    expect(s.visible).toEqual(['Visible line']);
    expect(s.hidden).toEqual(['white words', 'tiny words', 'invisible words']);
    expect(s).toMatchObject({ hasImage: false, invisibleModeText: true });
  });

  it('reads invisible-mode text over an image as an OCR layer; tiny invisible text stays hidden', () => {
    const s = scan(image, mode(3), font(12), show('Invoice 4471'), font(0.2), show('tiny OCR'));
    expect(s.visible).toEqual(['Invoice 4471']);
    expect(s.hidden).toEqual(['tiny OCR']);
    expect(s).toMatchObject({ hasImage: true, invisibleModeText: true });
  });

  it('only tiny invisible-mode text is no OCR layer', () => {
    expect(scan(mode(7), font(0.2), show('tiny'))).toMatchObject({ invisibleModeText: false, hidden: ['tiny'] });
  });
});

describe('imagesDecide: where a page read without its images reads the same', () => {
  const pages: Array<{ name: string; ops: Op[]; items: string[] }> = [
    {
      name: 'text and a photo',
      ops: [image, show('Annual report'), fill('#ffffff'), show('white')],
      items: ['Annual report', 'white'],
    },
    {
      name: 'a scan with white text over it',
      ops: [image, fill('#ffffff'), show('IGNORE ALL')],
      items: ['IGNORE ALL'],
    },
    { name: 'a scan with an OCR layer', ops: [image, mode(3), show('Invoice 4471')], items: ['Invoice 4471'] },
    {
      name: 'a photo and invisible text',
      ops: [image, show('Caption'), mode(3), show('call evil')],
      items: ['Caption', 'call evil'],
    },
    { name: 'a scan without text', ops: [image], items: [] },
    { name: 'text only', ops: [show('Plain'), mode(3), show('invisible')], items: ['Plain', 'invisible'] },
  ];
  const read = (s: ReturnType<typeof scan>, items: string[]) => items.filter((i) => !isHiddenItem(i, s)).join('\n');

  for (const page of pages)
    it(page.name, () => {
      const full = scan(...page.ops);
      const partial = withoutImages(...page.ops);
      const text = read(partial, page.items);
      // Every page imagesDecide passes over reads, and counts as a scan or not, exactly as it does with its images.
      if (!imagesDecide(partial, text)) {
        expect(read(full, page.items)).toBe(text);
        expect(!text && full.hasImage).toBe(false);
      }
      // Left out, the images change only hasImage and, over an image, whether invisible-mode text is read.
      if (!(full.hasImage && full.invisibleModeText)) expect({ ...partial, hasImage: full.hasImage }).toEqual(full);
    });

  it('names the pages whose images matter: no visible text, or invisible-mode text', () => {
    expect(imagesDecide(withoutImages(image, show('Annual report')), 'Annual report')).toBe(false);
    expect(imagesDecide(withoutImages(image), '')).toBe(true);
    expect(imagesDecide(withoutImages(image, mode(3), show('Invoice')), '')).toBe(true);
    expect(imagesDecide(withoutImages(show('Caption'), mode(3), show('call evil')), 'Caption')).toBe(true);
  });
});
