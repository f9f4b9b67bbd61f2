import { describe, expect, it } from "vitest";
import {
  acceptedExtension,
  eventFilesRefusal,
  extensionOf,
  FILE_NAME_MAX,
  MAX_EVENT_BYTES,
  MAX_EVENT_FILES,
  MAX_FILE_BYTES,
  MAX_TOTAL_BYTES,
  nameFitsType,
  sanitizeFileName,
  totalTooBig,
} from "./files.ts";

describe("sanitizeFileName", () => {
  it("keeps an ordinary name as it is", () => {
    expect(sanitizeFileName("Instruktioner till funktionärer 2027.pdf")).toBe("Instruktioner till funktionärer 2027.pdf");
  });

  it("keeps only the last part of any path, with either slash", () => {
    expect(sanitizeFileName("../../etc/passwd")).toBe("passwd");
    expect(sanitizeFileName("..\\..\\Windows\\system.ini")).toBe("system.ini");
    expect(sanitizeFileName("C:\\Users\\anna\\Skrivbord\\karta.png")).toBe("karta.png");
    expect(sanitizeFileName("/etc/passwd")).toBe("passwd");
    expect(sanitizeFileName("mapp/")).toBe("");
  });

  it("leaves nothing of dot names and takes leading dots off others", () => {
    for (const name of ["..", ".", "...", " .. ", "../.."]) expect(sanitizeFileName(name)).toBe("");
    expect(sanitizeFileName(".htaccess")).toBe("htaccess");
    expect(sanitizeFileName("..pdf")).toBe("pdf");
    expect(sanitizeFileName("rapport.pdf. . ")).toBe("rapport.pdf");
  });

  it("does not decode anything: a percent-encoded path stays a harmless name", () => {
    expect(sanitizeFileName("%2e%2e%2fpasswd")).toBe("%2e%2e%2fpasswd");
  });

  it("removes control and disguising format characters", () => {
    expect(sanitizeFileName("a\u0000b\u001f\u007f\u0085c.txt")).toBe("abc.txt");
    expect(sanitizeFileName("bild\u202egpj.exe")).toBe("bildgpj.exe");
    expect(sanitizeFileName("dol\u200bd.pdf")).toBe("dold.pdf");
    expect(sanitizeFileName("rad\r\nbrytning.pdf")).toBe("rad brytning.pdf");
  });

  it("replaces characters file systems refuse, and guards device names", () => {
    expect(sanitizeFileName('a<b>c:d"e|f?g*h.pdf')).toBe("a_b_c_d_e_f_g_h.pdf");
    expect(sanitizeFileName("NUL.txt")).toBe("_NUL.txt");
    expect(sanitizeFileName("com1")).toBe("_com1");
    expect(sanitizeFileName("console.txt")).toBe("console.txt");
  });

  it("writes names in NFC", () => {
    expect(sanitizeFileName("A\u030angstro\u0308m.pdf")).toBe("Ångström.pdf");
  });

  it("shortens a long name before its ending, never inside a character", () => {
    const long = sanitizeFileName(`${"😀".repeat(200)}.pdf`);
    expect(Array.from(long)).toHaveLength(FILE_NAME_MAX);
    expect(long.endsWith("😀.pdf")).toBe(true);
    expect(sanitizeFileName("x".repeat(500))).toBe("x".repeat(FILE_NAME_MAX));
  });
});

describe("file kinds", () => {
  it("accepts the endings of documents, images and text only", () => {
    for (const name of ["a.pdf", "b.PNG", "c.jpeg", "d.docx", "e.xlsx", "f.odt", "g.csv", "h.txt", "i.webp"])
      expect(acceptedExtension(name), name).toBe(true);
    for (const name of ["a.exe", "b.html", "c.svg", "d.js", "e.zip", "f.docm", "pdf", "g"])
      expect(acceptedExtension(name), name).toBe(false);
  });

  it("matches a name to the kind its content is", () => {
    expect(nameFitsType("karta.JPG", "image/jpeg")).toBe(true);
    expect(nameFitsType("karta.pdf", "image/png")).toBe(false);
  });
});

describe("totalTooBig", () => {
  it("allows 6 MiB together and not a byte more", () => {
    expect(MAX_FILE_BYTES).toBe(6_291_456);
    expect(totalTooBig([{ size: MAX_TOTAL_BYTES - 10 }, { size: 10 }])).toBe(false);
    expect(totalTooBig([{ size: MAX_TOTAL_BYTES - 10 }, { size: 11 }])).toBe(true);
    expect(totalTooBig([{ size: 3_000_000 }, { size: 3_291_457 }])).toBe(true);
    expect(totalTooBig([])).toBe(false);
  });
});

describe("eventFilesRefusal", () => {
  it("takes the 50th file and 100 MiB together, and not one file or one byte more", () => {
    expect([MAX_EVENT_FILES, MAX_EVENT_BYTES]).toEqual([50, 104_857_600]);
    expect(eventFilesRefusal({ count: 49, bytes: 0 }, 1)).toBeNull();
    expect(eventFilesRefusal({ count: 50, bytes: 0 }, 1)).toBe("count");
    expect(eventFilesRefusal({ count: 10, bytes: MAX_EVENT_BYTES - 100 }, 100)).toBeNull();
    expect(eventFilesRefusal({ count: 10, bytes: MAX_EVENT_BYTES - 100 }, 101)).toBe("bytes");
    // The count is told first: a full event is full whatever the file's size.
    expect(eventFilesRefusal({ count: 50, bytes: MAX_EVENT_BYTES }, 1)).toBe("count");
    expect(eventFilesRefusal({ count: 0, bytes: 0 }, MAX_FILE_BYTES)).toBeNull();
  });
});

describe("file names in detail", () => {
  it("finds no ending in a name that only starts with a dot, or has none", () => {
    expect(extensionOf("rapport.PDF")).toBe("pdf");
    expect(extensionOf(".pdf")).toBe("");
    expect(extensionOf("README")).toBe("");
  });

  it("turns any line break or tab into one space, and runs of spaces into one", () => {
    expect(sanitizeFileName("rad\vbrytning.pdf")).toBe("rad brytning.pdf");
    expect(sanitizeFileName("Välkommen   Vy.pdf")).toBe("Välkommen Vy.pdf");
  });

  it("guards device names only at the start, with any digit", () => {
    expect(sanitizeFileName("LPT9.pdf")).toBe("_LPT9.pdf");
    expect(sanitizeFileName("xcon.txt")).toBe("xcon.txt");
  });

  it("leaves a name of at most 120 characters as it is", () => {
    const exact = `${"x".repeat(114)}. .pdf`;
    expect(sanitizeFileName(exact)).toBe(exact);
    expect(sanitizeFileName("utkast v2. .pdf")).toBe("utkast v2. .pdf");
  });

  it("keeps an ending of up to 10 characters when shortening, and cuts dots and spaces before it", () => {
    expect(sanitizeFileName(`${"x".repeat(130)}.abcdefghij`)).toBe(`${"x".repeat(109)}.abcdefghij`);
    expect(sanitizeFileName(`${"x".repeat(130)}.abcdefghijk`)).toBe("x".repeat(120));
    expect(sanitizeFileName(`${"x".repeat(114)} . .${"y".repeat(20)}.pdf`)).toBe(`${"x".repeat(114)}.pdf`);
    expect(sanitizeFileName(`Instruktioner till ${"x".repeat(120)}.pdf`)).toBe(`Instruktioner till ${"x".repeat(97)}.pdf`);
  });

  it("allows 6 MiB for all attachments together", () => {
    expect(MAX_TOTAL_BYTES).toBe(6_291_456);
  });
});
