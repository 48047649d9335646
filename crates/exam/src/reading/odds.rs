//! Odds given per choice — "A: 65%, B: 12%, C: 7%, D: 16%", a table of options and
//! probabilities, `{"scores": {"A": 0.08, …, "D": 0.72}}` — where a reply names no one answer.
//! A choice given more than half of the probability is the one the reply picks: it says that
//! choice is more likely right than all the others together. Odds with no such choice ("A 24%,
//! B 29%, C 16%, D 31%") pick none, and the reply stays for a look.

use serde_json::Value;

/// The choice given more than half of the probability, where the reply gives every choice a
/// probability and they add up to a whole (1 or 100%, within 5%).
///
/// Shares in per cent that leave some of the hundred to no choice ("A | ██ 11%\nB | ███████
/// 56%\nC | ██ 13%", or some choices left out) pick one above half of a hundred: it is then
/// more likely than all the others together, whatever the rest would go to.
pub(super) fn favourite(reply: &str, choices: usize) -> Option<usize> {
    let odds = from_json(reply, choices)
        .map(|all| all.into_iter().map(Some).collect())
        .or_else(|| from_text(reply, choices))?;
    let given: Vec<(usize, f64)> = odds
        .iter()
        .enumerate()
        .filter_map(|(i, o)| o.map(|o| (i, o)))
        .collect();
    let total: f64 = given.iter().map(|(_, o)| o).sum();
    let (best, top) = given.iter().copied().max_by(|a, b| a.1.total_cmp(&b.1))?;
    let whole = [1.0, 100.0].iter().any(|w| (total - w).abs() <= 0.05 * w);
    if given.len() == choices && whole {
        return (top > total / 2.0).then_some(best);
    }
    // (Probabilities, "A (p=0.85), D (p=0.07), E (p=0.07)" of fifteen, likewise of a whole 1.)
    let of_one = !reply.contains('%') && given.iter().all(|(_, o)| *o <= 1.0);
    let whole = if of_one { 1.0 } else { 100.0 };
    (given.len() >= 2
        && (reply.contains('%') || of_one)
        && total <= whole * 1.05
        && top > whole / 2.0)
        .then_some(best)
}

/// "B 45% / A 45% / everything else 10%": two choices or more given the same top share — none
/// of them picked over the others.
pub(super) fn tied_top(reply: &str, choices: usize) -> Option<Vec<usize>> {
    if !reply.contains('%') {
        return None;
    }
    let odds = from_text(reply, choices)?;
    let given: Vec<(usize, f64)> = odds
        .iter()
        .enumerate()
        .filter_map(|(i, o)| o.map(|o| (i, o)))
        .collect();
    let top = given.iter().map(|(_, o)| *o).fold(f64::MIN, f64::max);
    let level: Vec<usize> = given
        .iter()
        .filter(|(_, o)| o.total_cmp(&top).is_eq())
        .map(|(i, _)| *i)
        .collect();
    (level.len() >= 2).then_some(level)
}

/// The choice scored highest, where the reply scores every choice out of one scale and no
/// other choice ties it ("Plausibility scores:\nA: 7/10\nB: 1/10\nC: 0/10", "C → 10/10").
pub(super) fn top_scored(reply: &str, choices: usize) -> Option<usize> {
    let mut scores: Vec<Option<(f64, f64)>> = vec![None; choices];
    for line in reply.lines() {
        let Some((before, score, scale)) = out_of(line) else {
            continue;
        };
        let [place] = standalone_letters(before, choices)[..] else {
            continue;
        };
        if scores[place].replace((score, scale)).is_some() {
            return None;
        }
    }
    let scores: Vec<(f64, f64)> = scores.into_iter().collect::<Option<_>>()?;
    let scale = scores.first()?.1;
    if choices < 2
        || scores
            .iter()
            .any(|(s, d)| d.total_cmp(&scale).is_ne() || *s > scale)
    {
        return None;
    }
    let top = scores.iter().map(|(s, _)| *s).fold(f64::MIN, f64::max);
    let mut at_top = scores
        .iter()
        .enumerate()
        .filter(|(_, (s, _))| s.total_cmp(&top).is_eq());
    let (best, _) = at_top.next()?;
    at_top.next().is_none().then_some(best)
}

/// A line's last score out of a scale ("A: 7/10" → "A: ", 7, 10).
fn out_of(line: &str) -> Option<(&str, f64, f64)> {
    let slash = line.rfind('/')?;
    let after = &line[slash + 1..];
    let scale_end = after
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(after.len());
    let scale: f64 = after[..scale_end].parse().ok()?;
    let head = &line[..slash];
    let start = head
        .char_indices()
        .rev()
        .find(|(_, c)| !(c.is_ascii_digit() || *c == '.'))
        .map_or(0, |(at, c)| at + c.len_utf8());
    let score: f64 = head[start..].parse().ok()?;
    (scale > 0.0 && after[scale_end..].trim().is_empty()).then_some((&head[..start], score, scale))
}

/// The letter of place `i` ("A" for 0).
fn letter(i: usize) -> String {
    char::from(b'A' + u8::try_from(i).unwrap_or(25)).to_string()
}

/// Odds in a JSON object: an object of the letters and numbers (`{"A": 0.1, …}`, at any
/// depth), or a list of objects each with a letter and a number (`[{"label": "A", "prob":
/// 0.1}, …]`).
fn from_json(reply: &str, choices: usize) -> Option<Vec<f64>> {
    let object = super::prepare::json_object(reply)?;
    find_in(&Value::Object(object), choices, 4)
}

fn find_in(value: &Value, choices: usize, depth: usize) -> Option<Vec<f64>> {
    match value {
        Value::Object(object) => {
            let by_letter: Option<Vec<f64>> = (0..choices)
                .map(|i| {
                    object
                        .iter()
                        .find(|(k, _)| k.trim().eq_ignore_ascii_case(&letter(i)))
                        .and_then(|(_, v)| v.as_f64())
                })
                .collect();
            if let Some(odds) = by_letter.filter(|_| object.len() == choices) {
                return Some(odds);
            }
            if depth == 0 {
                return None;
            }
            object.values().find_map(|v| find_in(v, choices, depth - 1))
        }
        Value::Array(items) if items.len() == choices => {
            const LABELS: &[&str] = &["label", "option", "choice", "letter", "id"];
            const NUMBERS: &[&str] = &[
                "prob",
                "probability",
                "p",
                "score",
                "confidence",
                "likelihood",
            ];
            let mut odds = vec![None; choices];
            for item in items {
                let item = item.as_object()?;
                let get = |names: &[&str]| {
                    item.iter()
                        .find(|(k, _)| names.iter().any(|n| k.eq_ignore_ascii_case(n)))
                        .map(|(_, v)| v)
                };
                let label = get(LABELS)?.as_str()?.trim().to_ascii_uppercase();
                let place = (0..choices).find(|i| letter(*i) == label)?;
                let number = get(NUMBERS)?.as_f64()?;
                if odds[place].replace(number).is_some() {
                    return None;
                }
            }
            odds.into_iter().collect()
        }
        _ => None,
    }
}

/// Odds written as text: each choice's letter, then (after its text, if any) its share in
/// per cent ("- A: 65%", "B ($68,282): 26%", "A 80%, B 3%"), or as a table row's last cell
/// ("| D | 0.60 |") or a comma-separated row's ("D,0.60"); each choice at most once, no other
/// letter between a letter and its number. A choice given no share is `None`.
fn from_text(reply: &str, choices: usize) -> Option<Vec<Option<f64>>> {
    let mut odds: Vec<Option<f64>> = vec![None; choices];
    // Parts: lines, and items of a list on one line ("A 80%, B 3%"; not "$63,382").
    // … and cells set apart by bars on a line that is no table's row ("P(A) = 12% | P(B) = 75%").
    let parts = reply
        .lines()
        .map(|l| {
            // (One share a line keeps its bar: "A | ██ 11%".)
            if l.trim_start().starts_with('|') || l.matches('%').count() < 2 {
                l.to_owned()
            } else {
                l.replace(" | ", "\n").replace(" / ", "\n")
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
        .replace(", ", "\n")
        .replace(';', "\n");
    for part in parts.split('\n') {
        let csv_row = part.split_once(',').filter(|(_, cell)| !cell.contains(','));
        let (before, number) = if part.trim_start().starts_with('|') {
            // A table row: the number is its last cell.
            let cells = part.trim().trim_matches('|');
            let Some(at) = cells.rfind('|') else {
                continue;
            };
            (&cells[..at], cells[at + 1..].trim())
        } else if let Some((label, cell)) = csv_row.filter(|(label, _)| label.trim().len() == 1) {
            // A row of comma-separated values: "C,0.65".
            (label, cell.trim())
        } else if let Some(at) = part.find("p=").or_else(|| part.find("p = ")) {
            // A probability after "p=" ("A (p=0.90)").
            let number = part[at..].trim_start_matches(['p', ' ', '=']);
            let end = number
                .find(|c: char| !(c.is_ascii_digit() || c == '.'))
                .unwrap_or(number.len());
            (&part[..at], &number[..end])
        } else {
            let Some(end) = part.find('%') else {
                continue;
            };
            let head = part[..end].trim_end();
            let at = head
                .char_indices()
                .rev()
                .find(|(_, c)| !(c.is_ascii_digit() || *c == '.'))
                .map_or(0, |(at, c)| at + c.len_utf8());
            (&head[..at], &head[at..])
        };
        let Ok(number) = number.parse::<f64>() else {
            continue;
        };
        // The one letter standing alone before the number.
        let [place] = standalone_letters(before, choices)[..] else {
            continue;
        };
        if odds[place].replace(number).is_some() {
            return None;
        }
    }
    Some(odds)
}

/// The places of the capital letters standing alone in `text` ("A", "(B)", "C:") that are
/// among the first `choices` letters ("I" in "I think" is not a fifth choice's).
fn standalone_letters(text: &str, choices: usize) -> Vec<usize> {
    let chars: Vec<char> = text.chars().collect();
    chars
        .iter()
        .enumerate()
        .filter(|&(i, c)| {
            c.is_ascii_uppercase()
                && (i == 0 || !chars[i - 1].is_alphanumeric())
                && chars.get(i + 1).is_none_or(|n| !n.is_alphanumeric())
        })
        .map(|(_, &c)| usize::from(u8::try_from(c).unwrap_or(b'Z') - b'A'))
        .filter(|&p| p < choices)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn more_than_half_of_the_probability_is_a_pick() {
        assert_eq!(favourite("A: 6%\nB: 1%\nC: 90%\nD: 3%", 4), Some(2));
        assert_eq!(
            favourite("Confidence by option — A 80%, B 3%, C 13%, D 4%.", 4),
            Some(0)
        );
        assert_eq!(
            favourite(
                "- A ($48,001): 3%\n- B ($4,383): 18%\n- C ($8,393): 23%\n- D ($9,882): 56%",
                4
            ),
            Some(3)
        );
        assert_eq!(
            favourite(
                "| Option | Probability |\n|---|---|\n| A | 0.00 |\n| B | 0.32 |\n| C | 0.08 |\n| D | 0.60 |",
                4
            ),
            Some(3)
        );
        assert_eq!(
            favourite(
                r#"{"scores": {"A": 0.078, "B": 0.191, "C": 0.007, "D": 0.724}}"#,
                4
            ),
            Some(3)
        );
        assert_eq!(
            favourite(
                r#"{"choices": [{"label": "A", "prob": 0.118}, {"label": "B", "prob": 0.669}, {"label": "C", "prob": 0.147}, {"label": "D", "prob": 0.065}]}"#,
                4
            ),
            Some(1)
        );
        // Some choices left out: one above half of a hundred is still above all the others.
        assert_eq!(
            favourite("A | ██ 11%\nB | ███████████ 56%\nC | ██ 13%", 4),
            Some(1)
        );
        assert_eq!(
            favourite("B: 55%\nM: 21%\nV: 24%\neverything else: ~0%", 22),
            Some(1)
        );
    }

    #[test]
    fn odds_in_cells_and_after_p_are_read() {
        assert_eq!(
            favourite("P(A) = 12% | P(B) = 75% | P(C) = 13%", 3),
            Some(1)
        );
        assert_eq!(favourite("A 10% | B 70% | C 10% | D 10%", 4), Some(1));
        assert_eq!(
            favourite("Top tokens: A (p=0.90), D (p=0.05), B (p=0.05)", 4),
            Some(0)
        );
        // Some of fifteen, one above half of the whole.
        assert_eq!(
            favourite("Top tokens: A (p=0.85), D (p=0.07), E (p=0.07)", 15),
            Some(0)
        );
        assert_eq!(favourite("Top tokens: A (p=0.45), D (p=0.40)", 15), None);
    }

    #[test]
    fn shares_level_at_the_top_pick_none() {
        assert_eq!(
            tied_top(
                "B 45% / A 45% / everything else 10% — too close to call.",
                9
            ),
            Some(vec![0, 1])
        );
        assert_eq!(tied_top("A: 60%\nB: 40%", 4), None);
    }

    #[test]
    fn the_choice_scored_highest_on_one_scale_is_the_pick() {
        assert_eq!(
            top_scored("Plausibility scores:\nA: 7/10\nB: 1/10\nC: 0/10", 3),
            Some(0)
        );
        assert_eq!(
            top_scored("Scoring each option:\nA → 5/10\nB → 6/10\nC → 10/10", 3),
            Some(2)
        );
        // A tie at the top, a choice left unscored, or two scales pick none.
        assert_eq!(top_scored("A: 4/10\nB: 7/10\nC: 7/10", 3), None);
        assert_eq!(top_scored("A: 4/10\nB: 7/10", 3), None);
        assert_eq!(top_scored("A: 4/10\nB: 7/10\nC: 3/5", 3), None);
        // Dates and fractions in prose are no scores.
        assert_eq!(
            top_scored("A: see 3/4 of the text\nB: 1/2 of it\nC: on 12/25", 3),
            None
        );
    }

    #[test]
    fn odds_with_no_majority_or_no_whole_pick_none() {
        // No choice above half.
        assert_eq!(
            favourite(
                "A) $63,382 — 24%\nB) $95,303 — 29%\nC) $129,282 — 16%\nD) $185,401 — 31%",
                4
            ),
            None
        );
        // Not every choice given a share, and none above half.
        assert_eq!(favourite("A: 40%\nB: 30%", 4), None);
        // Shares in per cent that pass a hundred, some choices left out.
        assert_eq!(favourite("A: 70%\nB: 60%", 4), None);
        // Shares that do not add up to a whole are not odds.
        assert_eq!(favourite("A: 70%\nB: 60%\nC: 50%\nD: 40%", 4), None);
        // A letter given twice.
        assert_eq!(favourite("A: 60%\nA: 10%\nC: 20%\nD: 10%", 4), None);
    }
}
