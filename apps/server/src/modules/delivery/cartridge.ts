/**
 * The IMS Common Cartridge 1.1 files of a subject or a course, following the CC 1.1 profile of IMS
 * Content Packaging 1.2 (ccv1p1_imscp_v1p2_v1p0.xsd) and the web link schema (ccv1p1_imswl_v1p1.xsd):
 *
 * - `imsmanifest.xml`: default namespace `http://www.imsglobal.org/xsd/imsccv1p1/imscp_v1p1` written in the first
 *   line of the manifest element (Moodle's importer recognises CC 1.1 by finding it in the file's first 500 bytes);
 *   metadata schema 'IMS Common Cartridge', schemaversion '1.1.0' and a LOM title/description; ONE organization,
 *   `structure="rooted-hierarchy"`, whose root item (no title, as the profile requires) holds one folder item per
 *   subject, each holding one item per unit in order — Moodle makes each folder a course section and Canvas a module;
 * - one resource per unit item, type `imswl_xmlv1p1`, with exactly one `file` and no `href` nor `dependency` (the
 *   profile's web link rules), whose file is a `webLink` (title, `url href`) in `links/`.
 *
 * Web links, not LTI links (`imsbasiclti_xmlv1p0`), even for an institution with an LTI connection: an LTI link is dead
 * in an LMS where the tool is not installed, and carries no line item; LTI links come from the content picker
 * (docs/decisions.md "SCORM 1.2 and Common Cartridge").
 */
import { strToU8, zipSync } from 'fflate';
import { xmlEscape } from './xml';

export interface CartridgeUnit {
  /** Unique within the cartridge (letters, digits, underscores): names the item, the resource and the link file. */
  key: string;
  title: string;
  /** The unit's launch address (the student viewer with a signed token). */
  url: string;
}

export interface CartridgeFolder {
  key: string;
  title: string;
  units: CartridgeUnit[];
}

export interface CartridgeInput {
  /** The manifest's identifier (an XML name). */
  identifier: string;
  title: string;
  description: string;
  rights: string;
  folders: CartridgeFolder[];
}

const CC_NS = 'http://www.imsglobal.org/xsd/imsccv1p1/imscp_v1p1';
const WL_NS = 'http://www.imsglobal.org/xsd/imsccv1p1/imswl_v1p1';
export const WEBLINK_TYPE = 'imswl_xmlv1p1';
const LANGUAGE = 'pt-BR';

const safeKey = (key: string) => key.replace(/[^A-Za-z0-9_]/g, '_');
export const linkFile = (unit: CartridgeUnit) => `links/${safeKey(unit.key)}.xml`;

const langString = (text: string, indent: string) => `${indent}<lomimscc:string language="${LANGUAGE}">${xmlEscape(text)}</lomimscc:string>`;

export function cartridgeManifest(c: CartridgeInput): string {
  const folders = c.folders
    .map((f) => {
      const units = f.units
        .map((u) => `        <item identifier="I_${safeKey(u.key)}" identifierref="R_${safeKey(u.key)}">\n          <title>${xmlEscape(u.title)}</title>\n        </item>`)
        .join('\n');
      return `      <item identifier="F_${safeKey(f.key)}">\n        <title>${xmlEscape(f.title)}</title>\n${units}\n      </item>`;
    })
    .join('\n');
  const resources = c.folders
    .flatMap((f) => f.units)
    .map((u) => `    <resource identifier="R_${safeKey(u.key)}" type="${WEBLINK_TYPE}">\n      <file href="${linkFile(u)}"/>\n    </resource>`)
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="${safeKey(c.identifier)}" xmlns="${CC_NS}" xmlns:lomimscc="http://ltsc.ieee.org/xsd/imsccv1p1/LOM/manifest" xmlns:lom="http://ltsc.ieee.org/xsd/imsccv1p1/LOM/resource" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="${CC_NS} http://www.imsglobal.org/profile/cc/ccv1p1/ccv1p1_imscp_v1p2_v1p0.xsd http://ltsc.ieee.org/xsd/imsccv1p1/LOM/manifest http://www.imsglobal.org/profile/cc/ccv1p1/LOM/ccv1p1_lommanifest_v1p0.xsd http://ltsc.ieee.org/xsd/imsccv1p1/LOM/resource http://www.imsglobal.org/profile/cc/ccv1p1/LOM/ccv1p1_lomresource_v1p0.xsd">
  <metadata>
    <schema>IMS Common Cartridge</schema>
    <schemaversion>1.1.0</schemaversion>
    <lomimscc:lom>
      <lomimscc:general>
        <lomimscc:title>
${langString(c.title, '          ')}
        </lomimscc:title>
        <lomimscc:language>${LANGUAGE}</lomimscc:language>
        <lomimscc:description>
${langString(c.description, '          ')}
        </lomimscc:description>
      </lomimscc:general>
      <lomimscc:rights>
        <lomimscc:copyrightAndOtherRestrictions>
          <lomimscc:value>yes</lomimscc:value>
        </lomimscc:copyrightAndOtherRestrictions>
        <lomimscc:description>
${langString(c.rights, '          ')}
        </lomimscc:description>
      </lomimscc:rights>
    </lomimscc:lom>
  </metadata>
  <organizations>
    <organization identifier="ORG_1" structure="rooted-hierarchy">
      <item identifier="ROOT">
${folders}
      </item>
    </organization>
  </organizations>
  <resources>
${resources}
  </resources>
</manifest>
`;
}

/** A unit's web link (CC 1.1 imswl): its title and address, opened in a new window. */
export function webLinkXml(unit: CartridgeUnit): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<webLink xmlns="${WL_NS}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="${WL_NS} http://www.imsglobal.org/profile/cc/ccv1p1/ccv1p1_imswl_v1p1.xsd">
  <title>${xmlEscape(unit.title)}</title>
  <url href="${xmlEscape(unit.url)}" target="_blank"/>
</webLink>
`;
}

/** The .imscc file (a zip): the manifest and one link file per unit. */
export function cartridge(c: CartridgeInput): Buffer {
  const files: Record<string, Uint8Array> = { 'imsmanifest.xml': strToU8(cartridgeManifest(c)) };
  for (const unit of c.folders.flatMap((f) => f.units)) files[linkFile(unit)] = strToU8(webLinkXml(unit));
  return Buffer.from(zipSync(files, { level: 6 }));
}
