//! Bytes to text: BOMs, UTF-16, and a clear refusal of anything that is not Unicode text.

use crate::{ImportError, Location};

/// Decodes a file's bytes as text.
///
/// UTF-8 (with or without BOM) is read as is; UTF-16 with a BOM is converted. Anything else is
/// refused with the line and column of the first byte that is not UTF-8, since guessing a legacy
/// encoding silently would corrupt names and answers.
pub fn decode_text(file: &str, bytes: &[u8]) -> Result<String, ImportError> {
    if bytes.iter().all(u8::is_ascii_whitespace) {
        return Err(ImportError::file(file, "the file is empty"));
    }
    if let Some((encoding, bom_len)) = encoding_rs::Encoding::for_bom(bytes) {
        if encoding != encoding_rs::UTF_8 {
            let (text, had_errors) = encoding.decode_without_bom_handling(&bytes[bom_len..]);
            if had_errors {
                return Err(ImportError::file(
                    file,
                    format!(
                        "the file starts like {} text but contains invalid characters",
                        encoding.name()
                    ),
                ));
            }
            return Ok(text.into_owned());
        }
        return utf8(file, &bytes[bom_len..]);
    }
    utf8(file, bytes)
}

fn utf8(file: &str, bytes: &[u8]) -> Result<String, ImportError> {
    match std::str::from_utf8(bytes) {
        Ok(text) => Ok(text.to_owned()),
        Err(e) => {
            let good = &bytes[..e.valid_up_to()];
            #[expect(clippy::naive_bytecount, reason = "runs once, on a file being refused")]
            let line = good.iter().filter(|b| **b == b'\n').count() + 1;
            let line_start = good.iter().rposition(|b| *b == b'\n').map_or(0, |p| p + 1);
            let column = String::from_utf8_lossy(&good[line_start..]).chars().count() + 1;
            Err(ImportError::at(
                file,
                Location::Line(line),
                None,
                format!(
                    "the file is not UTF-8 text (byte 0x{:02X} at column {column}); save it as \
                     UTF-8 (in Excel: \"CSV UTF-8\") and import again",
                    bytes[e.valid_up_to()]
                ),
            ))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_utf8_with_and_without_bom_and_utf16() {
        assert_eq!(decode_text("f", b"caf\xC3\xA9").unwrap(), "café");
        assert_eq!(decode_text("f", b"\xEF\xBB\xBFabc").unwrap(), "abc");
        let utf16: Vec<u8> = [0xFF, 0xFE]
            .into_iter()
            .chain("hé".encode_utf16().flat_map(u16::to_le_bytes))
            .collect();
        assert_eq!(decode_text("f", &utf16).unwrap(), "hé");
    }

    #[test]
    fn names_line_and_column_of_latin1_bytes() {
        let err = decode_text("answers.csv", b"id,answer\nq1,A\nq2,caf\xE9\n").unwrap_err();
        assert_eq!(
            err.to_string(),
            "answers.csv:3: the file is not UTF-8 text (byte 0xE9 at column 7); save it as \
             UTF-8 (in Excel: \"CSV UTF-8\") and import again"
        );
    }

    #[test]
    fn refuses_empty_files() {
        assert_eq!(
            decode_text("e.csv", b"").unwrap_err().message,
            "the file is empty"
        );
        assert_eq!(
            decode_text("e.csv", b" \n\n").unwrap_err().message,
            "the file is empty"
        );
    }
}
