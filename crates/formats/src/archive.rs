//! Zip archives (DOCX, XLSX) and PDF streams unpacked within [`Limits`]: what an entry or a
//! stream *claims* to hold is never trusted, the bytes are counted as they come out.

use crate::ImportError;
use crate::limits::Limits;
use std::io::{Cursor, Read};

fn open<'a>(
    file: &str,
    bytes: &'a [u8],
    limits: &Limits,
    what: &str,
) -> Result<zip::ZipArchive<Cursor<&'a [u8]>>, ImportError> {
    let archive = zip::ZipArchive::new(Cursor::new(bytes))
        .map_err(|e| ImportError::file(file, format!("{what} (not a zip archive: {e})")))?;
    if archive.len() > limits.max_archive_entries {
        return Err(ImportError::file(
            file,
            format!(
                "the archive holds {} entries and Proctor opens archives of at most {} \
                 (set PROCTOR_MAX_ARCHIVE_ENTRIES to raise the limit)",
                archive.len(),
                limits.max_archive_entries
            ),
        ));
    }
    Ok(archive)
}

/// Unpacks the entries whose names `wanted` accepts, counting their bytes, and refuses the file
/// when they come to more than `max_unpacked_bytes` (or it has too many entries).
pub(crate) fn check(
    file: &str,
    bytes: &[u8],
    limits: &Limits,
    wanted: impl Fn(&str) -> bool,
) -> Result<(), ImportError> {
    let mut archive = open(
        file,
        bytes,
        limits,
        "cannot open the spreadsheet: not an XLSX file",
    )?;
    let mut total = 0u64;
    for i in 0..archive.len() {
        let mut entry = archive.by_index(i).map_err(|e| {
            ImportError::file(file, format!("damaged archive entry {}: {e}", i + 1))
        })?;
        if !wanted(entry.name()) {
            continue;
        }
        let budget = limits.max_unpacked_bytes.saturating_sub(total);
        let name = entry.name().to_owned();
        let read = std::io::copy(&mut (&mut entry).take(budget + 1), &mut std::io::sink())
            .map_err(|e| ImportError::file(file, format!("cannot unpack {name}: {e}")))?;
        total += read;
        if total > limits.max_unpacked_bytes {
            return Err(limits.unpacked_too_large(file, "the spreadsheet"));
        }
    }
    Ok(())
}

/// One entry of an archive as text, unpacked within the limit.
pub(crate) fn read_entry(
    file: &str,
    bytes: &[u8],
    limits: &Limits,
    what: &str,
    name: &str,
) -> Result<String, ImportError> {
    let mut archive = open(file, bytes, limits, &format!("not {what}"))?;
    let entry = archive
        .by_name(name)
        .map_err(|_| ImportError::file(file, format!("not {what} (no {name} inside)")))?;
    let mut out = Vec::new();
    entry
        .take(limits.max_unpacked_bytes.saturating_add(1))
        .read_to_end(&mut out)
        .map_err(|e| ImportError::file(file, format!("cannot unpack {name}: {e}")))?;
    if out.len() as u64 > limits.max_unpacked_bytes {
        return Err(limits.unpacked_too_large(file, "the document"));
    }
    String::from_utf8(out).map_err(|e| {
        ImportError::file(
            file,
            format!(
                "{name} is not UTF-8 text (byte {})",
                e.utf8_error().valid_up_to()
            ),
        )
    })
}

/// Inflates every compressed stream of a PDF into a counter and refuses the file when they
/// unpack to more than `max_unpacked_bytes` — before the PDF reader, which unpacks them into
/// memory, sees it. Flate (zlib) and LZW are the filters that can expand far.
pub(crate) fn check_pdf(file: &str, bytes: &[u8], limits: &Limits) -> Result<(), ImportError> {
    let mut total = 0u64;
    let mut rest = bytes;
    while let Some(at) = find(rest, b"stream") {
        let after = &rest[at + b"stream".len()..];
        let is_end = at >= 3 && &rest[at - 3..at] == b"end";
        let data_start = match after {
            [b'\r', b'\n', ..] => Some(2),
            [b'\n' | b'\r', ..] => Some(1),
            _ => None,
        };
        let (Some(start), false) = (data_start, is_end) else {
            rest = after;
            continue;
        };
        let data = &after[start..];
        let end = find(data, b"endstream").unwrap_or(data.len());
        let stream = &data[..end];
        // The stream's dictionary comes just before it: LZW is tried only when it names it.
        let dictionary = &rest[at.saturating_sub(2048)..at];
        let dictionary = find_last(dictionary, b"obj").map_or(dictionary, |o| &dictionary[o..]);
        let lzw = find(dictionary, b"LZW").is_some();
        let budget = limits.max_unpacked_bytes.saturating_sub(total);
        total += inflated_size(stream, budget + 1, lzw);
        if total > limits.max_unpacked_bytes {
            return Err(limits.unpacked_too_large(file, "the PDF"));
        }
        rest = &data[end..];
    }
    Ok(())
}

/// How many bytes a stream unpacks to (at most `cap`): zlib, or LZW when its dictionary says
/// so; 0 when it is neither (stored as is, or another filter).
fn inflated_size(stream: &[u8], cap: u64, lzw: bool) -> u64 {
    let zlib = flate2::read::ZlibDecoder::new(stream);
    let mut counted = zlib.take(cap);
    let inflated = std::io::copy(&mut counted, &mut std::io::sink()).unwrap_or(0);
    if inflated > 0 || !lzw {
        return inflated;
    }
    let mut decoder = weezl::decode::Decoder::with_tiff_size_switch(weezl::BitOrder::Msb, 8);
    let mut buffer = vec![0u8; 64 * 1024];
    let mut input = stream;
    let mut produced = 0u64;
    while produced < cap {
        let result = decoder.decode_bytes(input, &mut buffer);
        produced += result.consumed_out as u64;
        input = &input[result.consumed_in..];
        match result.status {
            Ok(weezl::LzwStatus::Ok) if result.consumed_in + result.consumed_out > 0 => {}
            _ => break,
        }
    }
    produced
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
}

fn find_last(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).rposition(|w| w == needle)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    fn zlib(data: &[u8]) -> Vec<u8> {
        let mut encoder = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::best());
        encoder.write_all(data).unwrap();
        encoder.finish().unwrap()
    }

    #[test]
    fn a_pdf_whose_streams_unpack_past_the_limit_is_refused() {
        let limits = Limits {
            max_unpacked_bytes: 1 << 20,
            ..Limits::default()
        };
        let bomb = zlib(&vec![b'a'; 4 << 20]);
        let mut pdf = b"%PDF-1.4\n1 0 obj << /Filter /FlateDecode >>\nstream\n".to_vec();
        pdf.extend_from_slice(&bomb);
        pdf.extend_from_slice(b"\nendstream\nendobj\n%%EOF");
        let err = check_pdf("bomb.pdf", &pdf, &limits).unwrap_err();
        assert!(
            err.message.starts_with("the PDF unpacks to more than 1 MB"),
            "{err}"
        );
        let small = zlib(b"BT (Hello) Tj ET");
        let mut pdf = b"%PDF-1.4\nstream\r\n".to_vec();
        pdf.extend_from_slice(&small);
        pdf.extend_from_slice(b"endstream");
        assert!(check_pdf("ok.pdf", &pdf, &limits).is_ok());
    }

    #[test]
    fn lzw_streams_are_counted_too() {
        let data = vec![b'z'; 3 << 20];
        let packed = weezl::encode::Encoder::with_tiff_size_switch(weezl::BitOrder::Msb, 8)
            .encode(&data)
            .unwrap();
        assert_eq!(inflated_size(&packed, u64::MAX, true), data.len() as u64);
        assert_eq!(inflated_size(&packed, u64::MAX, false), 0);
        // Text that is not LZW stops at its first invalid code.
        assert!(inflated_size(b"plain text", u64::MAX, true) < 64);
    }
}
