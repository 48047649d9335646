//! A synonym list for semantic overlap scoring (METHODS.md §8): one row per word and synonym,
//! with an optional similarity in (0, 1] (1 when empty: the synonym counts like the word).
//! CSV, TSV, XLSX, JSON or JSONL with columns `word`, `synonym` and optionally `similarity`.

use crate::ImportError;
use crate::table::read_table;

const WORD: &[&str] = &["word", "term"];
const SYNONYM: &[&str] = &["synonym", "variant", "alternative"];
const SIMILARITY: &[&str] = &["similarity", "weight", "score"];

/// One synonym of a word.
#[derive(Debug, Clone, PartialEq)]
pub struct Synonym {
    /// The word (as the query may use it).
    pub word: String,
    /// Another word counted as it.
    pub synonym: String,
    /// How much it counts, in (0, 1].
    pub similarity: f64,
}

/// Reads a synonym list.
pub fn read_synonyms(file: &str, bytes: &[u8]) -> Result<Vec<Synonym>, ImportError> {
    let table = read_table(file, bytes)?;
    table.require(file, &[("word", WORD), ("synonym", SYNONYM)])?;
    let mut list = Vec::with_capacity(table.records.len());
    for record in &table.records {
        let word = record.required(file, WORD, "word")?.1.to_owned();
        let synonym = record.required(file, SYNONYM, "synonym")?.1.to_owned();
        let similarity = match record.text(SIMILARITY) {
            None => 1.0,
            Some((field, value)) => value
                .parse::<f64>()
                .ok()
                .filter(|s| *s > 0.0 && *s <= 1.0)
                .ok_or_else(|| {
                    ImportError::at(
                        file,
                        record.loc,
                        Some(field),
                        format!("'{value}' is not a similarity between 0 (excluded) and 1"),
                    )
                })?,
        };
        list.push(Synonym {
            word,
            synonym,
            similarity,
        });
    }
    Ok(list)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_synonyms_with_and_without_similarity() {
        let list = read_synonyms(
            "s.csv",
            b"word,synonym,similarity\nbackup,snapshot,0.5\nkey,secret,\n",
        )
        .unwrap();
        assert!((list[0].similarity - 0.5).abs() < 1e-12);
        assert_eq!(list[1].synonym, "secret");
        assert!((list[1].similarity - 1.0).abs() < 1e-12);
        let e =
            read_synonyms("s.csv", b"word,synonym,similarity\nbackup,snapshot,2\n").unwrap_err();
        assert_eq!(
            e.to_string(),
            "s.csv:2:similarity: '2' is not a similarity between 0 (excluded) and 1"
        );
        let e = read_synonyms("s.csv", b"word,synonym\nbackup,\n").unwrap_err();
        assert!(
            e.to_string()
                .starts_with("s.csv:2:synonym: the synonym is empty"),
            "{e}"
        );
        let e = read_synonyms("s.csv", b"term,other\na,b\n").unwrap_err();
        assert!(e.to_string().contains("no synonym column"), "{e}");
    }
}
