import { createWriteStream, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { afterAll, describe, expect, it } from "vitest";
import { type FileType, nameFitsType } from "#shared/sendouts/files";
import { docx, odt, pdf, xlsx, zip } from "../../../tests/helpers/files.ts";
import { detectType, Sniffer } from "./sniff.ts";

/**
 * The content checks of uploads (ADR 017, ADR 024): a PDF by its structure, office documents that carry no
 * programs or web pages, text that is no markup. Each file goes through the Sniffer as an upload does, in
 * small chunks, so a tag split between two chunks is found too.
 */

const dir = mkdtempSync(path.join(tmpdir(), "bemanna-sniff-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let counter = 0;

async function kindOf(name: string, content: Buffer | string, chunk = 7): Promise<FileType | null> {
  const bytes = Buffer.isBuffer(content) ? content : Buffer.from(content, "utf8");
  const chunks: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += chunk) chunks.push(bytes.subarray(at, at + chunk));
  const localPath = path.join(dir, `${++counter}`);
  const sniffer = new Sniffer();
  await pipeline(Readable.from(chunks), sniffer, createWriteStream(localPath));
  return detectType(sniffer, localPath, name);
}

/** Taken as what its name says, as the upload route takes it. */
async function taken(name: string, content: Buffer | string): Promise<boolean> {
  const type = await kindOf(name, content);
  return type !== null && nameFitsType(name, type);
}

const WORD = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";
const deflated = () => true;

describe("a PDF", () => {
  it("is told by its header at the start and its trailer at the end", async () => {
    for (const size of [300, 5000, 200_000]) expect(await kindOf("a.pdf", pdf(size), 4096)).toBe("application/pdf");
  });

  it("may end with a line break or a little more after %%EOF, and have been updated (a second trailer)", async () => {
    expect(await kindOf("a.pdf", Buffer.concat([pdf(), Buffer.from("\r\n\n  ")]))).toBe("application/pdf");
    const first = pdf(800);
    const object = "2 0 obj << /Type /Page >> endobj\n";
    const update = `${object}xref\n0 1\n0000000000 65535 f \ntrailer << /Size 3 /Prev 1 >>\nstartxref\n${first.length + object.length}\n%%EOF\n`;
    expect(await kindOf("a.pdf", Buffer.concat([first, Buffer.from(update)]))).toBe("application/pdf");
  });

  it("may have a cross-reference stream (an object) where startxref points", async () => {
    const head = "%PDF-1.7\n";
    const body = `${head}1 0 obj << /Type /Catalog >> endobj\n`;
    const xref = "7 0 obj << /Type /XRef /Size 8 >> stream\nxx\nendstream endobj\n";
    expect(await kindOf("a.pdf", `${body}${xref}startxref\n${body.length}\n%%EOF\n`)).toBe("application/pdf");
  });

  it("is not a page that merely starts with %PDF-, nor one that has it further in", async () => {
    expect(await taken("a.pdf", "%PDF-1.4\n<html><script>alert(1)</script></html>\n")).toBe(false);
    expect(await taken("a.pdf", "%PDF-1.4\n<html><script>alert(1)</script></html>\n%%EOF\n")).toBe(false);
    const page = Buffer.concat([Buffer.from("<html><script>alert(1)</script>\n"), pdf()]);
    expect(await taken("a.pdf", page)).toBe(false);
  });

  it("needs startxref before %%EOF, pointing inside the file at a cross-reference section", async () => {
    const good = pdf().toString("latin1");
    expect(await taken("a.pdf", good.replace("startxref", "startxrof"))).toBe(false);
    expect(await taken("a.pdf", good.replace("%%EOF", "%%EOX"))).toBe(false);
    expect(await taken("a.pdf", good.replace(/startxref\n\d+/, "startxref\n99999999"))).toBe(false);
    expect(await taken("a.pdf", good.replace(/startxref\n\d+/, "startxref\n20"))).toBe(false);
    expect(await taken("a.pdf", good.replace("%PDF-1.4", "%PDF-x.4"))).toBe(false);
  });

  it("has its trailer in the last kilobyte: more after %%EOF is no PDF", async () => {
    expect(await taken("a.pdf", Buffer.concat([pdf(), Buffer.alloc(1100, " ")]))).toBe(false);
  });
});

describe("text", () => {
  it("is plain text or CSV, in UTF-8 or Latin-1, also with a < that is no tag", async () => {
    expect(await kindOf("a.txt", "Samling 07:30.\nTa med <vattenflaska> och matsäck; 1 < 2 > 0.\n")).toBe("text/plain");
    expect(await kindOf("a.csv", "namn;anteckning\nÅsa;<b>fet</b> a<b\n")).toBe("text/csv");
    expect(await kindOf("a.csv", Buffer.from("namn;ort\nÅsa;Malmö\n", "latin1"))).toBe("text/csv");
  });

  it("is never markup: a web page, an SVG image, a script, XML with SVG in it", async () => {
    const pages = [
      "<html><body>hej</body></html>",
      "<!DOCTYPE html>\n<p>hej",
      "namn;kod\nÅsa;<script>alert(1)</script>\n",
      "<SCRIPT SRC=//x.example/a.js></SCRIPT>",
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>',
      '<?xml version="1.0"?>\n<!-- karta -->\n<svg xmlns="http://www.w3.org/2000/svg"><circle r="1"/></svg>',
      "hej <img src=x onerror=alert(1)>",
      '<a href="javascript:alert(1)">klicka</a>',
      "<iframe src=https://example.com></iframe>",
    ];
    for (const page of pages) {
      expect(await kindOf("a.txt", page), page).toBeNull();
      expect(await kindOf("a.csv", page), page).toBeNull();
    }
  });

  it("finds a tag split across chunks, and one far into a long file", async () => {
    expect(await kindOf("a.txt", "aaaa<scr" + "ipt>alert(1)</script>", 6)).toBeNull();
    expect(await kindOf("a.txt", `${"rad;rad\n".repeat(50_000)}<script>alert(1)</script>`, 16_384)).toBeNull();
  });
});

describe("an office document", () => {
  it("passes with its own parts, stored or deflated", async () => {
    expect(await kindOf("a.docx", docx())).toBe(WORD);
    expect(await kindOf("a.docx", docx([["word/styles.xml", "<w:styles/>".repeat(500)]], deflated))).toBe(WORD);
    expect(await kindOf("a.xlsx", xlsx())).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(await kindOf("a.odt", odt())).toBe("application/vnd.oasis.opendocument.text");
  });

  it("carries no program, script or web page by name", async () => {
    for (const name of [
      "evil.exe",
      "word/run.bat",
      "word/x.js",
      "word/readme.html",
      "docProps/a.HTM",
      "word/a.svg",
      "word/b.zip",
    ])
      expect(await kindOf("a.docx", docx([[name, "harmless bytes"]])), name).toBeNull();
  });

  it("carries no program or web page under another name, stored or deflated", async () => {
    const program = Buffer.concat([Buffer.from("MZ\u0090\u0000"), Buffer.alloc(200)]);
    const cases: Array<[string, string | Buffer]> = [
      ["word/media/image1.png", program],
      ["word/embeddings/oleObject1.bin", Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46]), Buffer.alloc(64)])],
      ["word/media/run.bin", "#!/bin/sh\nrm -rf ~\n"],
      ["word/readme.xml", '<?xml version="1.0"?>\n<html><body><script>alert(1)</script></body></html>'],
      ["customXml/item1.xml", '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'],
    ];
    for (const [name, content] of cases) {
      expect(await kindOf("a.docx", docx([[name, content]])), name).toBeNull();
      expect(await kindOf("a.docx", docx([[name, content]], deflated)), `${name} deflated`).toBeNull();
    }
  });

  it("may show an SVG picture that runs nothing, and not one that does", async () => {
    const icon = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="4"/></svg>';
    expect(await kindOf("a.docx", docx([["word/media/image1.svg", icon]], deflated))).toBe(WORD);
    for (const active of [
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>',
      '<svg xmlns="http://www.w3.org/2000/svg"><a href="javascript:alert(1)"><circle r="4"/></a></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg"><foreignObject><p>x</p></foreignObject></svg>',
    ])
      expect(await kindOf("a.docx", docx([["word/media/image1.svg", active]], deflated)), active).toBeNull();
  });

  it("has no macros, in Office (vbaProject.bin) or OpenDocument (Basic)", async () => {
    expect(await kindOf("a.docx", docx([["word/vbaProject.bin", Buffer.alloc(32)]]))).toBeNull();
    const withBasic = zip([
      ["mimetype", "application/vnd.oasis.opendocument.text"],
      ["content.xml", "<office:document-content/>"],
      ["Basic/Standard/Module1.xml", "<script:module/>"],
    ]);
    expect(await kindOf("a.odt", withBasic)).toBeNull();
  });

  it("looks only at the start of an entry that inflates to a great deal, and refuses one of too many entries", async () => {
    // 16 MiB of zeros in some 16 KiB: inflated only as far as its first kilobyte.
    const large = docx([["word/media/image2.bin", Buffer.alloc(16 * 1024 * 1024)]], deflated);
    expect(large.length).toBeLessThan(50_000);
    expect(await kindOf("a.docx", large, 65_536)).toBe(WORD);
    const parts = (n: number) => Array.from({ length: n }, (_, i): [string, string] => [`word/part${i}.xml`, "<x/>"]);
    expect(await kindOf("a.docx", docx(parts(1998)), 65_536)).toBe(WORD);
    expect(await kindOf("a.docx", docx(parts(1999)), 65_536)).toBeNull();
  });
});
