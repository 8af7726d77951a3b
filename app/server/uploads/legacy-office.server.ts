import { withCompoundFile, type CfbStream } from "./cfb.server";

// Legacy Office files (.doc, .xls, .ppt) and where each keeps its macros (decisions 0037, 0043):
// - a VBA project in a storage: Word 97+ "Macros", Excel 97+ "_VBA_PROJECT_CUR", Excel 5/95
//   "_VBA_PROJECT", each holding a "VBA" storage; looked for at any depth, so an embedded
//   object's project counts too;
// - Excel 4.0 macro sheets and Excel 5/95 module sheets: a BoundSheet record of the workbook
//   stream whose sheet type says so (no storage at all);
// - PowerPoint 97-2003: the VBA project sits compressed inside the "PowerPoint Document" stream;
//   PowerPoint finds it through a VBAInfo record, which we look for.
// An encrypted workbook or presentation hides those records, so it is refused as password-protected.

export type LegacyOfficeVerdict = { ok: true; kind: "doc" | "xls" | "ppt" } | { ok: false; reason: "macros" | "encrypted" | "type" };

const VBA_STORAGES = ["macros", "_vba_project_cur", "_vba_project", "vba"];

const accept = (kind: "doc" | "xls" | "ppt"): LegacyOfficeVerdict => ({ ok: true, kind });
const refuse = (reason: "macros" | "encrypted" | "type"): LegacyOfficeVerdict => ({ ok: false, reason });

/** The legacy Office kind of the compound file at `filePath`, or why it is refused. */
export async function inspectLegacyOffice(filePath: string): Promise<LegacyOfficeVerdict> {
  const verdict = await withCompoundFile(filePath, async (file) => {
    if (VBA_STORAGES.some((name) => file.allStorages.has(name))) return refuse("macros");
    if (file.rootStreams.has("worddocument")) return accept("doc");
    const workbook = (await file.openRootStream("workbook")) ?? (await file.openRootStream("book"));
    if (workbook) return (await workbookRefusal(workbook)) ?? accept("xls");
    const presentation = await file.openRootStream("powerpoint document");
    if (presentation) {
      if (file.rootStreams.has("encryptedsummary")) return refuse("encrypted");
      return (await hasVbaInfo(presentation)) ? refuse("macros") : accept("ppt");
    }
    return refuse("type");
  });
  return verdict ?? refuse("type");
}

// MS-XLS: records are [type u16][length u16][body]; the workbook globals end at EOF.
const BIFF_EOF = 0x000a;
const BIFF_FILEPASS = 0x002f;
const BIFF_BOUNDSHEET = 0x0085;
/** BoundSheet8.dt: an Excel 4.0 macro sheet, or a VBA module sheet (Excel 5/95). */
const MACRO_SHEET_TYPES = new Set([0x01, 0x06]);
const MAX_BIFF_RECORDS = 1_000_000;

/** Reads the workbook globals as Excel does, one record after the next, until EOF. */
async function workbookRefusal(stream: CfbStream): Promise<LegacyOfficeVerdict | null> {
  for (let at = 0, count = 0; at + 4 <= stream.size; count++) {
    if (count >= MAX_BIFF_RECORDS) return refuse("type");
    const head = await stream.read(at, 4);
    const type = head.readUInt16LE(0);
    const length = head.readUInt16LE(2);
    if (at + 4 + length > stream.size) return null; // not a record Excel could read either
    if (type === BIFF_FILEPASS) return refuse("encrypted");
    // BoundSheet8: lbPlyPos (4 bytes), hsState (1), dt (1): a hidden macro sheet is still one.
    if (type === BIFF_BOUNDSHEET && length >= 6 && MACRO_SHEET_TYPES.has((await stream.read(at + 4 + 5, 1))[0]!)) return refuse("macros");
    if (type === BIFF_EOF) return null;
    at += 4 + length;
  }
  return null;
}

// MS-PPT: record headers are [recVer/recInstance u16][recType u16][recLen u32]. A VBAInfoContainer
// (type 0x03FF, length 0x14) holds a VBAInfoAtom (type 0x0400, length 0x0C) that points at the
// VBA project. PowerPoint reaches records by offsets (the persist directory), not in order, so we
// search the whole stream for either header rather than walk it: six fixed bytes each, which
// picture or text data matches by chance about once in 2^48 positions.
const VBA_HEADERS = [Buffer.from([0xff, 0x03, 0x14, 0x00, 0x00, 0x00]), Buffer.from([0x00, 0x04, 0x0c, 0x00, 0x00, 0x00])];
const CHUNK = 64 * 1024;

async function hasVbaInfo(stream: CfbStream): Promise<boolean> {
  // Chunks overlap by a header's length less one, so a header across a boundary is still seen.
  const overlap = VBA_HEADERS[0]!.length - 1;
  for (let at = 0; at < stream.size; at += CHUNK - overlap) {
    const chunk = await stream.read(at, Math.min(CHUNK, stream.size - at));
    if (VBA_HEADERS.some((header) => chunk.includes(header))) return true;
    if (at + CHUNK >= stream.size) break;
  }
  return false;
}
