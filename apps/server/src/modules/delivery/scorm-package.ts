/**
 * What the SCORM 1.2 dispatch package holds, following the ADL SCORM 1.2 Content Aggregation Model:
 *
 * - `imsmanifest.xml`: IMS CP 1.1.2 with the ADL CP extension (`adlcp:scormtype="sco"`), metadata 'ADL SCORM' 1.2, one
 *   organization with one item pointing at one SCO resource;
 * - `index.html` (the SCO's launch page, no inline script), `sco.css`, and `sco.js`: the static file sco-runtime.js,
 *   byte for byte, called with the settings (the viewer's address with the dispatch token, our origin, the bridge's
 *   names, the pt-BR texts). The file is read from beside this module (tsx, vitest) or beside dist/main.js (the build
 *   copies it), never serialized from compiled code: a build's helpers (esbuild's keepNames `__name`) would not exist in
 *   the learner's browser.
 *
 * The unit's content is NOT in the package: the SCO opens it from the server at every launch, so the licence is
 * checked each time. The schema files (.xsd) are not included: LMSs (Moodle, Canvas, D2L, SCORM Cloud) import without
 * them, and the manifest names their standard locations.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { strToU8, zipSync } from 'fflate';
import { LMS_EXPORT_MSG, LMS_PAGE_PARAM, SCORM_BRIDGE, SCORM_FILES } from '@edu/shared/lms-exports';
import { STUDENT_QUERY_PARAM } from '@edu/shared/student';
import { xmlEscape } from './xml';

/** The SCO's settings (the `ScoConfig` of sco-runtime.js). */
export interface ScoConfig {
  /** The viewer's address with the dispatch token (`${PUBLIC_URL}${LMS_VIEWER_PATH}?token=…`). */
  launchUrl: string;
  /** Our server's origin: the only origin whose messages the SCO reads, and the one it writes to. */
  origin: string;
  /** SCORM_BRIDGE. */
  channel: string;
  messages: { loaded: string; hello: string; progress: string };
  /** The query parameters the viewer reads. */
  params: { student: string; page: string };
  texts: { loading: string; noLms: string; frameTitle: string };
}

export const SCO_RUNTIME_FILE = 'sco-runtime.js';
let runtimeSource: string | null = null;

/** The text of sco-runtime.js (beside this module, or beside the bundle in dist/). */
export function scoRuntimeSource(): string {
  if (runtimeSource !== null) return runtimeSource;
  const file = path.join(path.dirname(fileURLToPath(import.meta.url)), SCO_RUNTIME_FILE);
  runtimeSource = fs.readFileSync(file, 'utf8');
  return runtimeSource;
}

/** The SCO's script file: the static runtime, called with the package's settings, in a scope of its own. */
export const scoScript = (config: ScoConfig): string => `(function () {\n${scoRuntimeSource()}\nscoRuntime(${JSON.stringify(config)});\n})();\n`;

export interface ScormPackageInput {
  /** The unit (items.id) and its title, for the manifest and the launch page. */
  itemId: number;
  title: string;
  /** The viewer's address with the dispatch token. */
  launchUrl: string;
  /** Our origin (scheme://host[:port]) as the learner's browser reaches it. */
  origin: string;
}

export function scormManifest(p: Pick<ScormPackageInput, 'itemId' | 'title'>): string {
  const title = xmlEscape(p.title);
  return `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="SABER_COMPARTILHADO_UNIDADE_${p.itemId}" version="1"
  xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xsi:schemaLocation="http://www.imsproject.org/xsd/imscp_rootv1p1p2 imscp_rootv1p1p2.xsd http://www.imsglobal.org/xsd/imsmd_rootv1p2p1 imsmd_rootv1p2p1.xsd http://www.adlnet.org/xsd/adlcp_rootv1p2 adlcp_rootv1p2.xsd">
  <metadata>
    <schema>ADL SCORM</schema>
    <schemaversion>1.2</schemaversion>
  </metadata>
  <organizations default="ORG_UNIDADE">
    <organization identifier="ORG_UNIDADE">
      <title>${title}</title>
      <item identifier="ITEM_UNIDADE" identifierref="SCO_UNIDADE" isvisible="true">
        <title>${title}</title>
      </item>
    </organization>
  </organizations>
  <resources>
    <resource identifier="SCO_UNIDADE" type="webcontent" adlcp:scormtype="sco" href="${SCORM_FILES.launch}">
      <file href="${SCORM_FILES.launch}"/>
      <file href="${SCORM_FILES.script}"/>
      <file href="${SCORM_FILES.style}"/>
    </resource>
  </resources>
</manifest>
`;
}

function launchPage(p: ScormPackageInput): string {
  return `<!DOCTYPE html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${xmlEscape(p.title)}</title>
<link rel="stylesheet" href="${SCORM_FILES.style}">
</head>
<body>
<main id="app">
<p id="status" role="status">${xmlEscape(LMS_EXPORT_MSG.scoLoading)}</p>
</main>
<script src="${SCORM_FILES.script}"></script>
</body>
</html>
`;
}

const STYLE = `html, body { height: 100%; margin: 0; }
body { font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; color: #212529; background: #f8f9fa; }
#app { display: flex; flex-direction: column; height: 100%; min-height: 480px; }
#status { margin: 16px; }
.notice { margin: 0; padding: 8px 16px; background: #fff3bf; border-bottom: 1px solid #fcc419; font-size: 14px; }
.unit { flex: 1; width: 100%; border: 0; background: #fff; }
`;

/** The zip: manifest, launch page, style and script. */
export function scormPackage(p: ScormPackageInput): Buffer {
  const script = scoScript({
    launchUrl: p.launchUrl,
    origin: p.origin,
    channel: SCORM_BRIDGE.channel,
    messages: { loaded: SCORM_BRIDGE.loaded, hello: SCORM_BRIDGE.hello, progress: SCORM_BRIDGE.progress },
    params: { student: STUDENT_QUERY_PARAM, page: LMS_PAGE_PARAM },
    texts: { loading: LMS_EXPORT_MSG.scoLoading, noLms: LMS_EXPORT_MSG.scoNoLms, frameTitle: LMS_EXPORT_MSG.scoFrameTitle(p.title) },
  });
  return Buffer.from(
    zipSync(
      {
        [SCORM_FILES.manifest]: strToU8(scormManifest(p)),
        [SCORM_FILES.launch]: strToU8(launchPage(p)),
        [SCORM_FILES.style]: strToU8(STYLE),
        [SCORM_FILES.script]: strToU8(script),
      },
      { level: 6 },
    ),
  );
}
