import zlib from 'node:zlib';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { csvValue, decodeText, detectFormat, headerNames, IMPORT_LIMITS, parseCsv, parseSpreadsheetFile, parseXlsx, readSpreadsheetFile, titleFromName } from './import-file';

describe('csvValue: plain decimals become numbers, everything else stays text', () => {
  it.each([
    ['12', 12],
    ['-3.5', -3.5],
    ['0', 0],
    ['0.25', 0.25],
    ['', ''],
    ['007', '007'],
    ['1e5', '1e5'],
    ['+33 6 12 34 56 78', '+33 6 12 34 56 78'],
    ['1,234', '1,234'],
    ['1234567890123456789', '1234567890123456789'],
    ['2025-03-14', '2025-03-14'],
    ['true', 'true'],
    [' 42 ', 42],
    ['.5', '.5'],
  ])('%j → %j', (text, value) => {
    expect(csvValue(text)).toEqual(value);
  });
});

describe('headerNames', () => {
  it.each([
    [['a', 'b'], ['a', 'b']],
    [['', 'b', null], ['Column 1', 'b', 'Column 3']],
    [['Name', 'name', 'NAME'], ['Name', 'name 2', 'NAME 3']],
    [[' padded '], ['padded']],
    [['x', 'x 2', 'x'], ['x', 'x 2', 'x 3']],
  ])('%j → %j', (raw, names) => {
    expect(headerNames(raw)).toEqual(names);
  });
});

describe('detectFormat', () => {
  it.each([
    [Buffer.from('PK\u0003\u0004rest', 'latin1'), 'anything.csv', 'xlsx'],
    [Buffer.from('a,b\n1,2'), 'data.csv', 'csv'],
    [Buffer.from('a,b\n1,2'), 'data.txt', 'csv'],
    [Buffer.from('a,b\n1,2'), 'noextension', 'csv'],
  ])('%#: %s → %s', (buf, name, format) => {
    expect(detectFormat(buf, name)).toBe(format);
  });

  it.each([
    [Buffer.from([0xd0, 0xcf, 0x11, 0xe0]), 'old.xls'],
    [Buffer.from([0x00, 0x01, 0x02]), 'binary.csv'],
    [Buffer.from('a,b'), 'sheet.xlsx'],
    [Buffer.from('{"a":1}'), 'data.json'],
  ])('%#: refuses %s', (buf, name) => {
    expect(() => detectFormat(buf, name)).toThrow('Only CSV and XLSX files can be imported');
  });
});

// What Excel's "CSV" writes on a western Windows: Windows-1252, where € is 0x80 and the
// accented letters share Latin-1's bytes.
const CP1252: Record<string, number> = { '€': 0x80, '„': 0x84, '–': 0x96, '“': 0x93, '”': 0x94, '™': 0x99, 'Œ': 0x8c, 'Š': 0x8a, 'Ÿ': 0x9f };
function windows1252(text: string): Buffer {
  return Buffer.from([...text].map((ch) => CP1252[ch] ?? ch.charCodeAt(0)));
}
const utf16le = (text: string) => Buffer.from(text, 'utf16le');
const utf16be = (text: string) => Buffer.from(text, 'utf16le').swap16();
const CSV = 'Name,City,Price\r\nMüller,Köln,€ 5\r\nÆrø,Zürich,"1,5 €"\r\n';
const LATIN1 = 'Name,City\r\nMüller,Köln\r\nÆrø,Señora Ñandú\r\n';

describe('decodeText: the encodings spreadsheet programs save CSV in', () => {
  it.each([
    ['UTF-8', Buffer.from(CSV), CSV, 'utf-8'],
    ['UTF-8 with byte order mark (Excel "CSV UTF-8")', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(CSV)]), CSV, 'utf-8'],
    ['UTF-16 LE with byte order mark (Excel "Unicode Text")', Buffer.concat([Buffer.from([0xff, 0xfe]), utf16le(CSV)]), CSV, 'utf-16le'],
    ['UTF-16 BE with byte order mark', Buffer.concat([Buffer.from([0xfe, 0xff]), utf16be(CSV)]), CSV, 'utf-16be'],
    ['UTF-16 LE without byte order mark', utf16le(CSV), CSV, 'utf-16le'],
    ['UTF-16 BE without byte order mark', utf16be(CSV), CSV, 'utf-16be'],
    ['Windows-1252 (Excel "CSV" on western Windows)', windows1252(CSV), CSV, 'windows-1252'],
    ['Windows-1252 punctuation in 0x80–0x9F', windows1252('Quote\n„Œuvre“ – Š™ Ÿ ”\n'), 'Quote\n„Œuvre“ – Š™ Ÿ ”\n', 'windows-1252'],
    ['Latin-1 (ISO-8859-1)', Buffer.from(LATIN1, 'latin1'), LATIN1, 'windows-1252'],
    ['plain ASCII', Buffer.from('a,b\n1,2\n'), 'a,b\n1,2\n', 'utf-8'],
  ])('%s', (_name, buf, text, encoding) => {
    expect(decodeText(buf)).toEqual({ text, encoding });
  });

  it('a single byte outside UTF-8 makes the whole file Windows-1252 (one encoding per file)', () => {
    const buf = Buffer.concat([Buffer.from('Name\nAda\n'), windows1252('Müller\n')]);
    expect(decodeText(buf)).toEqual({ text: 'Name\nAda\nMüller\n', encoding: 'windows-1252' });
  });

  it.each([
    ['Windows-1252', windows1252(CSV)],
    ['UTF-16 LE', Buffer.concat([Buffer.from([0xff, 0xfe]), utf16le(CSV)])],
    ['UTF-16 BE', Buffer.concat([Buffer.from([0xfe, 0xff]), utf16be(CSV)])],
  ])('a %s CSV imports with its names right', async (_name, buf) => {
    const [sheet] = await parseSpreadsheetFile(buf, 'people.csv');
    expect(sheet).toEqual({
      title: 'people',
      columns: ['Name', 'City', 'Price'],
      rows: [
        ['Müller', 'Köln', '€ 5'],
        ['Ærø', 'Zürich', '1,5 €'],
      ],
    });
  });

  it('a UTF-16 file is text, not binary, though half its bytes are zero', () => {
    expect(detectFormat(utf16le(CSV), 'people.csv')).toBe('csv');
    expect(detectFormat(Buffer.concat([Buffer.from([0xfe, 0xff]), utf16be(CSV)]), 'people.txt')).toBe('csv');
  });
});

describe('titleFromName', () => {
  it.each([
    ['Sales 2025.xlsx', 'Sales 2025'],
    ['C:\\Users\\me\\orders.csv', 'orders'],
    ['/tmp/a.b.csv', 'a.b'],
    ['.csv', 'Sheet1'],
  ])('%s → %s', (name, title) => {
    expect(titleFromName(name)).toBe(title);
  });
});

describe('CSV shapes', () => {
  const csv = (text: string, limits = IMPORT_LIMITS) => parseCsv(Buffer.from(text), 'S', limits);

  it('strips a BOM, detects semicolons, keeps quoted newlines', () => {
    expect(csv('\ufeffName;Note\nAda;"two\nlines"\n')).toEqual({ title: 'S', columns: ['Name', 'Note'], rows: [['Ada', 'two\nlines']] });
  });

  it.each([
    ['a;b\n1;2\n', ';'],
    ['a;b\r\n1;2\r\n\r\n', ';'],
    ['a\tb\n1\t2\n', '\t'],
    ['a,b\n1,2\n', ','],
    ['a|b\n1|2\n', '|'],
  ])('%j: delimiter %j, trailing newline or not', (text) => {
    expect(csv(text)).toEqual({ title: 'S', columns: ['a', 'b'], rows: [[1, 2]] });
  });

  it('names values past the header instead of dropping them; a trailing empty cell adds no column', () => {
    expect(csv('a,b\n1,2,3\n4,5,\n')).toEqual({ title: 'S', columns: ['a', 'b', 'Column 3'], rows: [[1, 2, 3], [4, 5, '']] });
    expect(csv('a,b\n1,2,\n3\n').columns).toEqual(['a', 'b']);
    expect(csv('a,b\n1,2,\n3\n').rows).toEqual([[1, 2], [3, '']]);
  });

  it('refuses more rows than the limit (trailing blank lines do not count)', () => {
    const limits = { ...IMPORT_LIMITS, maxRows: 3 };
    expect(csv('a\n1\n2\n3\n\n\n', limits).rows).toHaveLength(3);
    expect(() => csv('a\n1\n2\n3\n4\n', limits)).toThrow('A sheet has more than 3 rows; split the file and import the parts separately');
    expect(() => csv('a\n' + '1\n'.repeat(1000), limits)).toThrow('more than 3 rows');
  });

  it('refuses more cells than the limit', () => {
    const limits = { ...IMPORT_LIMITS, maxCells: 10 };
    expect(() => csv('a,b,c\n1,2,3\n4,5,6\n7,8,9\n', limits)).toThrow('The file has more than 10 cells (rows × columns); split it and import the parts separately');
    expect(csv('a,b,c\n1,2,3\n4,5,6\n', limits).rows).toHaveLength(2);
  });
});

async function xlsxBuffer(build: (wb: ExcelJS.Workbook) => void): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  build(wb);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** A zip holding one deflated part (for sizes exceljs never gets to see). */
function zipOf(name: string, content: Buffer): Buffer {
  const data = zlib.deflateRawSync(content);
  const nameBuf = Buffer.from(name);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(content.length, 22);
  local.writeUInt16LE(nameBuf.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(content.length, 24);
  central.writeUInt16LE(nameBuf.length, 28);
  central.writeUInt32LE(0, 42);
  const cdOffset = local.length + nameBuf.length + data.length;
  const eocd = Buffer.alloc(22);
  eocd.writeUInt32LE(0x06054b50, 0);
  eocd.writeUInt16LE(1, 8);
  eocd.writeUInt16LE(1, 10);
  eocd.writeUInt32LE(central.length + nameBuf.length, 12);
  eocd.writeUInt32LE(cdOffset, 16);
  return Buffer.concat([local, nameBuf, data, central, nameBuf, eocd]);
}

describe('XLSX shapes and limits', () => {
  it('merged cells, formulas, dates, rich text and hyperlinks', async () => {
    const buf = await xlsxBuffer((wb) => {
      const ws = wb.addWorksheet('Data');
      ws.addRow(['Name', 'When', 'Total', 'Link', 'Note']);
      ws.addRow([
        { richText: [{ text: 'Ada ' }, { font: { bold: true }, text: 'L.' }] },
        new Date(Date.UTC(2025, 2, 14)),
        { formula: '1+1', result: 2 },
        { text: 'site', hyperlink: 'https://example.com' },
        'merged',
      ]);
      ws.addRow(['Bob', '', { formula: '1/0', result: { error: '#DIV/0!' } }, '', '']);
      ws.mergeCells('E2:E3');
      wb.addWorksheet('Empty');
    });
    const sheets = await parseSpreadsheetFile(buf, 'x.xlsx');
    expect(sheets).toEqual([
      {
        title: 'Data',
        columns: ['Name', 'When', 'Total', 'Link', 'Note'],
        rows: [
          ['Ada L.', '2025-03-14', 2, 'site', 'merged'],
          ['Bob', '', '#DIV/0!', '', 'merged'],
        ],
      },
    ]);
  });

  it('counts cells before exceljs builds them', async () => {
    const buf = await xlsxBuffer((wb) => {
      const ws = wb.addWorksheet('Big');
      for (let r = 0; r < 20; r++) ws.addRow([r, r, r]);
    });
    await expect(parseXlsx(buf, { ...IMPORT_LIMITS, maxCells: 50 })).rejects.toThrow('The file has more than 50 cells (rows × columns)');
    expect(await parseXlsx(buf, { ...IMPORT_LIMITS, maxCells: 60 })).toHaveLength(1);
  });

  it('refuses one far-away cell that would make a huge grid', async () => {
    const buf = await xlsxBuffer((wb) => {
      const ws = wb.addWorksheet('Sparse');
      ws.getCell('A1').value = 'a';
      ws.getCell('XFD1048576').value = 'corner';
    });
    await expect(parseSpreadsheetFile(buf, 'x.xlsx')).rejects.toThrow('A sheet has more than 1,000,000 rows');
    const wide = await xlsxBuffer((wb) => {
      const ws = wb.addWorksheet('Wide');
      ws.getCell('A1').value = 'a';
      ws.getCell('XFD1000').value = 'corner';
    });
    await expect(parseSpreadsheetFile(wide, 'x.xlsx')).rejects.toThrow('The file has more than 5,000,000 cells');
  });

  it('refuses a zip bomb without inflating it whole', async () => {
    const bomb = zipOf('xl/media/image1.png', Buffer.alloc(64 * 1024 * 1024));
    expect(bomb.length).toBeLessThan(200_000);
    await expect(parseXlsx(bomb, { ...IMPORT_LIMITS, maxUnzippedBytes: 16 * 1024 * 1024 })).rejects.toThrow(
      'The XLSX file unpacks to more than 16 MB; split it and import the parts separately',
    );
    const cells = zipOf('xl/worksheets/sheet1.xml', Buffer.from('<sheetData>' + '<c r="A1"><v>1</v></c>'.repeat(100) + '</sheetData>'));
    await expect(parseXlsx(cells, { ...IMPORT_LIMITS, maxCells: 99 })).rejects.toThrow('more than 99 cells');
  });

  it('a broken zip is unreadable, not a crash', async () => {
    const buf = await xlsxBuffer((wb) => wb.addWorksheet('A').addRow(['x']));
    await expect(parseXlsx(buf.subarray(0, buf.length - 30))).rejects.toThrow('The XLSX file could not be read');
  });
});

describe('decodeText: code pages other than Windows-1252, guessed (chardet) and read (TextDecoder)', () => {
  // The bytes are what iconv writes for each text in that encoding.
  it.each([
    ['Shift_JIS (Japanese Excel)', 'shift_jis', 'lryRTyyTc45zLIOBg4IKjlKTY5G+mFksk4yLniyDZYNYg2eCxYK3Co2yk6GJ1I5xLJHljeMsguaC64K1gq2CqIrogqKCtYLcgrcKl+mW2IjqmFkslryMw4muLJe5ifCCtYLcgrWCvQo=', '名前,都市,メモ\n山田太郎,東京,テストです\n佐藤花子,大阪,よろしくお願いします\n鈴木一郎,名古屋,了解しました\n'],
    ['GB18030 (Simplified Chinese Excel)', 'gb18030', '0NXD+yyzx8rQLLG416IK1cXOsCyxsb6pLNXiysfSu7j2suLK1ArN9be8LMnPuqMs0LvQu8TjtcSw79b6CsDuxMgsuePW3SzD98zsvPsK', '姓名,城市,备注\n张伟,北京,这是一个测试\n王芳,上海,谢谢你的帮助\n李娜,广州,明天见\n'],
    ['Big5 (Traditional Chinese)', 'big5', 'qW2mVyyrsKWrCrOvpGqk5SyleKVfCqpMpHCs/CywqravCg==', '姓名,城市\n陳大文,台北\n林小美,高雄\n'],
    ['EUC-KR (Korean)', 'euc-kr', 'wMy4pyy1tb3DCrHow7a89iy8rb/vCsDMv7XI8Sy6zrvqCg==', '이름,도시\n김철수,서울\n이영희,부산\n'],
    ['ISO-8859-2 (Polish)', 'iso-8859-2', 'SW1p6ixNaWFzdG8sVXdhZ2kKo3VrYXN6IK/zs+Yso/NkvCy2Y2llv2thCk1hs2dvcnphdGEsS3Jha/N3LLxkvGKzbwpQYXdlsyxHZGHxc2ssZ+q2Cg==', 'Imię,Miasto,Uwagi\nŁukasz Żółć,Łódź,ścieżka\nMałgorzata,Kraków,źdźbło\nPaweł,Gdańsk,gęś\n'],
    ['Windows-1250 (Czech Excel)', 'windows-1250', 'Sm3pbm8sTexzdG8sUG96buFta2EKSmn47SBOb3bhayxCcm5vLFD47WxpmiCebHWdb3Xoa/0ga/nyCkV2YSBEdm/44WtvduEsUGx6ZfIs+nDsbCDv4WJlbHNr6SDzZHkK', 'Jméno,Město,Poznámka\nJiří Novák,Brno,Příliš žluťoučký kůň\nEva Dvořáková,Plzeň,úpěl ďábelské ódy\n'],
    ['KOI8-R (Russian)', 'koi8-r', '6c3RLOfP0s/ELPrBzcXUy8EK6dfBziDwxdTSz9cs7c/Ty9fBLPDSydfF1CDNydIK78zYx8Es88HOy9Qt8MXUxdLC1dLHLPfToyDIz9LP288K88XSx8XKLO7P18/TycLJ0tPLLPPQwdPJws8K', 'Имя,Город,Заметка\nИван Петров,Москва,Привет мир\nОльга,Санкт-Петербург,Всё хорошо\nСергей,Новосибирск,Спасибо\n'],
    ['Windows-1251 (Russian Excel)', 'windows-1251', 'yOz/LMPu8O7kLMfg7OXy6uAKyOLg7SDP5fLw7uIszO7x6uLgLM/w6OLl8iDs6PAKzuv84+As0eDt6vItz+Xy5fDh8/DjLMLxuCD17vDu+O4K0eXw4+XpLM3u4u7x6OHo8PHqLNHv4PHo4e4K', 'Имя,Город,Заметка\nИван Петров,Москва,Привет мир\nОльга,Санкт-Петербург,Всё хорошо\nСергей,Новосибирск,Спасибо\n'],
  ])('%s', (_name, encoding, base64, text) => {
    expect(decodeText(Buffer.from(base64, 'base64'))).toEqual({ text, encoding });
  });

  it.each([
    ['German', 'Name;Stadt;Straße\nMüller;Köln;Hauptstraße 5\nJürgen Größ;München;Königsallee 1\n'],
    ['French', 'nom,ville\nHélène,Orléans\nZoé,Besançon\nFrançoise,Noël\n'],
    ['Spanish', 'nombre,ciudad\nSeñora Ñandú,Cádiz\nJosé,Málaga\n'],
    ['one accented letter', 'Name\nAda\nMüller\n'],
  ])('western text (%s) stays Windows-1252', (_name, text) => {
    expect(decodeText(windows1252(text))).toEqual({ text, encoding: 'windows-1252' });
  });

  it('reads the file in the encoding asked for, skipping only its own byte order mark', () => {
    const bytes = Buffer.from('Müller', 'latin1');
    expect(decodeText(bytes, 'utf-8')).toEqual({ text: 'M\uFFFDller', encoding: 'utf-8' });
    expect(decodeText(bytes, 'iso-8859-2')).toEqual({ text: 'Müller', encoding: 'iso-8859-2' });
    expect(decodeText(Buffer.from('\uFEFFa,b', 'utf8'), 'utf-8').text).toBe('a,b');
    expect(decodeText(Buffer.concat([Buffer.from([0xff, 0xfe]), utf16le('a,b')]), 'utf-16le').text).toBe('a,b');
  });

  it('a CSV in a code page imports with its names right, and says how it was read', async () => {
    const bytes = Buffer.from('SW1p6ixNaWFzdG8Ko3VrYXN6LKPzZLwK', 'base64'); // 'Imię,Miasto\nŁukasz,Łódź\n' in ISO-8859-2
    const read = await readSpreadsheetFile(bytes, 'ludzie.csv');
    expect(read).toEqual({ encoding: 'iso-8859-2', delimiter: ',', header: true, sheets: [{ title: 'ludzie', columns: ['Imię', 'Miasto'], rows: [['Łukasz', 'Łódź']] }] });
  });
});
