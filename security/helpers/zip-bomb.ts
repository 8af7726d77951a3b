import zlib from "node:zlib";

interface Entry {
  name: string;
  data: Buffer;
  crc: number;
  size: number;
  method: 0 | 8;
}

const CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>';
const DOCUMENT = '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body/></w:document>';

function stored(name: string, text: string): Entry {
  const data = Buffer.from(text);
  return { name, data, crc: zlib.crc32(data), size: data.length, method: 0 };
}

/**
 * A DOCX-looking ZIP whose `count` media entries each inflate to `entryBytes` of zeros (all share
 * one small deflate stream): about a megabyte on the wire, gigabytes once unpacked. Built by hand
 * so that no test ever holds the unpacked bytes.
 */
export function docxZipBomb(count = 40, entryBytes = 32 * 1024 * 1024): Buffer {
  const zeros = Buffer.alloc(entryBytes);
  const bomb = { data: zlib.deflateRawSync(zeros, { level: 9 }), crc: zlib.crc32(zeros), size: entryBytes };
  const entries: Entry[] = [stored("[Content_Types].xml", CONTENT_TYPES), stored("word/document.xml", DOCUMENT)];
  for (let i = 0; i < count; i++) entries.push({ name: `word/media/image${i}.png`, ...bomb, method: 8 });

  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(entry.method, 8);
    local.writeUInt16LE(0x21, 12); // 1980-01-01
    local.writeUInt32LE(entry.crc, 14);
    local.writeUInt32LE(entry.data.length, 18);
    local.writeUInt32LE(entry.size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(entry.method, 10);
    central.writeUInt16LE(0x21, 14);
    central.writeUInt32LE(entry.crc, 16);
    central.writeUInt32LE(entry.data.length, 20);
    central.writeUInt32LE(entry.size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, entry.data);
    centrals.push(central, name);
    offset += local.length + name.length + entry.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
