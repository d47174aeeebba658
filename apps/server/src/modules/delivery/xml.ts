/**
 * Writing XML text for the LMS exports (SCORM and Common Cartridge manifests): text and attribute values escaped, and
 * the characters XML 1.0 cannot hold (control characters other than tab, line feed and carriage return; lone
 * surrogates; U+FFFE/U+FFFF) removed, so a name typed with one still gives a well-formed file.
 */
// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Safe as element text and as a double- or single-quoted attribute value. */
export const xmlEscape = (value: string): string => value.replace(NOT_XML, '').replace(/[&<>"']/g, (c) => ENTITIES[c]!);
