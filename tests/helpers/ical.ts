import { expect } from "vitest";

/**
 * A small iCalendar reader written from RFC 5545, to check the feed's text from the outside: unfold, split
 * into content lines, read name, parameters and value, nest BEGIN/END, unescape TEXT.
 */

export const octets = (s: string) => new TextEncoder().encode(s).length;
const strictUtf8 = new TextDecoder("utf-8", { fatal: true });

export interface Property {
  name: string;
  params: Record<string, string>;
  value: string;
}
export interface Component {
  name: string;
  properties: Property[];
  components: Component[];
}

/** §3.1: a line break followed by one space or tab is removed. */
export const unfold = (text: string) => text.replace(/\r\n[ \t]/g, "");

/** §3.3.11, read back: `\\`, `\;`, `\,`, `\n`/`\N`. */
export function unescapeText(value: string): string {
  return value.replace(/\\([\\;,nN])/g, (_, c: string) => (c === "n" || c === "N" ? "\n" : c));
}

/** The text as its one top component; throws on a line that is not a content line or on unbalanced BEGIN/END. */
export function readCalendar(text: string): Component {
  if (!text.endsWith("\r\n")) throw new Error("the text does not end with CRLF");
  const lines = unfold(text).slice(0, -2).split("\r\n");
  const stack: Component[] = [{ name: "", properties: [], components: [] }];
  for (const line of lines) {
    // name *(";" param) ":" value — the feed's parameter values never hold a colon or quotes.
    const m = /^([A-Z0-9-]+)((?:;[A-Z0-9-]+=[^;:"]*)*):(.*)$/.exec(line);
    if (!m) throw new Error(`not a content line: ${JSON.stringify(line)}`);
    const [, name, rawParams, value] = m;
    const params = Object.fromEntries(
      rawParams
        .split(";")
        .filter(Boolean)
        .map((p) => p.split("=") as [string, string]),
    );
    const top = stack[stack.length - 1];
    if (name === "BEGIN") {
      const child: Component = { name: value, properties: [], components: [] };
      top.components.push(child);
      stack.push(child);
    } else if (name === "END") {
      if (top.name !== value) throw new Error(`END:${value} closes ${top.name || "nothing"}`);
      stack.pop();
    } else top.properties.push({ name, params, value });
  }
  if (stack.length !== 1) throw new Error(`${stack[stack.length - 1].name} is not closed`);
  if (stack[0].components.length !== 1) throw new Error(`${stack[0].components.length} top components`);
  return stack[0].components[0];
}

/** The raw value of a component's first property called `name`. */
export const prop = (c: Component, name: string) => c.properties.find((p) => p.name === name)?.value;

/** The value of a TEXT property, unescaped. */
export const text = (c: Component, name: string) => {
  const value = prop(c, name);
  return value === undefined ? undefined : unescapeText(value);
};

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * §3.1's line rules, checked on the octets: CRLF after every line and nowhere else, no line longer than 75
 * octets, each line whole UTF-8 characters (a fold never splits one). Text given as a string must not hold
 * half a character either (what a fold between the two halves of an emoji would leave).
 */
export function expectLineRules(ics: string | Uint8Array) {
  if (typeof ics === "string") expect(LONE_SURROGATE.test(ics), "half a character").toBe(false);
  const bytes = Buffer.from(typeof ics === "string" ? new TextEncoder().encode(ics) : ics);
  expect(bytes.subarray(-2).toString("latin1"), "ends with CRLF").toBe("\r\n");
  let start = 0;
  let line = 0;
  while (start < bytes.length) {
    const end = bytes.indexOf("\r\n", start);
    const raw = bytes.subarray(start, end);
    expect(raw.includes(0x0d) || raw.includes(0x0a), `line ${line}: a CR or LF outside CRLF`).toBe(false);
    expect(raw.length, `line ${line}: ${raw.toString("utf8")}`).toBeLessThanOrEqual(75);
    expect(() => strictUtf8.decode(raw), `line ${line}: not whole UTF-8 characters`).not.toThrow();
    start = end + 2;
    line++;
  }
}
