//! A reply's words as the reader sees them: lower case, letters and digits, apostrophes dropped
//! ("don't" is `dont`), each with what stood around it and whether a clause ends after it.

/// One word of a reply, with where it ends (a clause boundary follows some words).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Word {
    /// The word in lower case, letters and digits only.
    pub text: String,
    /// The word as written (its case tells a letter "B" from the word "b").
    pub raw: String,
    /// Whether a clause ends after this word (a full stop, a semicolon, a dash, a line).
    pub ends_clause: bool,
    /// The punctuation written right before the word ("(" of "(B)"), at most two characters.
    pub before: String,
    /// The punctuation written right after the word (")" of "B)", "." of "B."), at most four.
    pub after: String,
    /// The line the word is on (0-based).
    pub line: usize,
    /// A mark beside the word: a tick (✅, ✓, `[x]`) is true, a cross (❌, ✗) false. A mark
    /// belongs to the word before it on its line ("C ✗"), else to the word after it ("✅ B").
    pub mark: Option<bool>,
    /// Whether the word stands inside round brackets (an aside).
    pub in_parens: bool,
    /// What the word's line is: prose, a row of a Markdown table, or an item of a list.
    pub line_kind: LineKind,
    /// Where the word starts in the text cut, in characters.
    pub at: usize,
}

/// What a line of a reply is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum LineKind {
    Prose,
    /// A row of a Markdown table ("| B | … |").
    TableRow,
    /// An item of a list: a line opening with "-", "*", "•", "+" or "1.".
    Item,
}

impl Word {
    /// Whether the word is on a row of a Markdown table.
    pub fn in_table(&self) -> bool {
        self.line_kind == LineKind::TableRow
    }

    /// Whether the word is on an item of a list.
    pub fn in_item(&self) -> bool {
        self.line_kind == LineKind::Item
    }

    /// Whether the word opens a question of its own ("which", "what", "how" …).
    pub fn asks(&self) -> bool {
        QUESTION_WORDS.contains(&self.text.as_str())
    }

    /// The word written so far (taken, with the punctuation pending before it), on `line`.
    fn new(
        current: &mut String,
        before: &mut String,
        (line, at): (usize, usize),
        in_parens: bool,
    ) -> Self {
        Self {
            text: current.to_lowercase(),
            raw: std::mem::take(current),
            ends_clause: false,
            before: std::mem::take(before),
            after: String::new(),
            line,
            mark: None,
            in_parens,
            line_kind: LineKind::Prose,
            at,
        }
    }
}

/// Words that open a question of its own.
const QUESTION_WORDS: &[&str] = &[
    "what", "which", "how", "where", "when", "who", "whose", "why",
];

/// Whether a line is an item of a list: it opens with a bullet ("- ", "* ", "• ", "+ ") or a
/// number and its stop ("1. ", "2) ").
fn opens_an_item(line: &str) -> bool {
    let t = line.trim_start();
    let digits = t.len() - t.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    t.strip_prefix(['-', '*', '•', '+'])
        .is_some_and(|rest| rest.starts_with(' '))
        || (1..=2).contains(&digits) && t[digits..].starts_with(['.', ')'])
}

/// Cuts a reply into words, marking where clauses end.
pub(super) fn words(text: &str) -> Vec<Word> {
    let mut out: Vec<Word> = Vec::new();
    let mut current = String::new();
    let mut pending_before = String::new();
    let chars = super::latex::without_layout_commands(text.chars().collect());
    let mut line = 0;
    // (line, the word before the mark if any, tick or cross)
    let mut marks: Vec<(usize, Option<usize>, bool)> = Vec::new();
    // Whether a space has come since the last word ended: its `after` is then complete.
    let mut spaced = false;
    // How deep in round brackets the text is ("(Starter customers only get …)").
    let mut depth = 0usize;
    // Where the word being written starts.
    let mut start = 0;
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let tick = TICKS.contains(&c);
        if tick || CROSSES.contains(&c) {
            // The word being written, or the last one written, is the word before the mark.
            let before = if current.is_empty() {
                out.len().checked_sub(1)
            } else {
                Some(out.len())
            };
            marks.push((line, before, tick));
        }
        if c == '\n' {
            line += 1;
        }
        if c.is_alphanumeric() {
            // Scripts written without spaces ("正解はDです", "选A。") hold a letter as a word
            // of its own.
            if current
                .chars()
                .last()
                .is_some_and(|p| spaceless(p) != spaceless(c))
            {
                out.push(Word::new(
                    &mut current,
                    &mut pending_before,
                    (line, start),
                    depth > 0,
                ));
                spaced = true;
            }
            if current.is_empty() {
                start = i;
            }
            current.push(c);
        } else if current.chars().last().is_some_and(char::is_alphabetic)
            && proctor_core::text::is_combining_mark(c)
        {
            // A virama or nukta ("स्थ") stays inside its word (a keycap's mark after a digit,
            // "3️⃣", does not).
            current.push(c);
        } else if c == '\'' || c == '’' {
            // "don't", "it's": the apostrophe joins, it does not cut.
            if current.is_empty() {
                push_punct(&mut pending_before, c);
            }
        } else {
            if !current.is_empty() {
                let line = if c == '\n' { line - 1 } else { line };
                out.push(Word::new(
                    &mut current,
                    &mut pending_before,
                    (line, start),
                    depth > 0,
                ));
                spaced = false;
            }
            let next = chars.get(i + 1).copied();
            if let Some(last) = out.last_mut()
                && last.after.chars().count() < 6
                && !c.is_whitespace()
                // An ellipsis set off by a space still ends what it follows ("the ...").
                && (!spaced || c == '…' || c == '.' && next == Some('.'))
                && pending_before.is_empty()
            {
                last.after.push(c);
            }
            if c.is_whitespace() {
                spaced = true;
            }
            match c {
                '(' => depth = (depth + 1).min(8),
                ')' => depth = depth.saturating_sub(1),
                // A bracket left open does not run past its paragraph.
                '\n' if next == Some('\n') => depth = 0,
                _ => {}
            }
            if ends_clause(c, next, &out)
                && let Some(last) = out.last_mut()
            {
                last.ends_clause = true;
            }
            // An opening mark; a quote right after a word closes it instead.
            // An arrow before a word points to it ("→ B"); a strike-through opens ("~~D~~").
            // A joiner standing alone ("A & B") goes with the word after it, "#" with its
            // number.
            let opening = matches!(c, '(' | '[' | '“' | '«' | '→' | '⇒')
                || matches!(c, '"' | '*' | '`' | '~')
                    && (spaced
                        || out.is_empty()
                        || !pending_before.is_empty()
                        // A value after its name: label="A", answer:"B".
                        || i > 0 && matches!(chars[i - 1], '=' | ':'))
                || matches!(c, '&' | '+') && spaced
                // A number's sign: "#4".
                || c == '#' && (spaced || out.is_empty()) && next.is_some_and(|n| n.is_ascii_digit());
            if opening {
                push_punct(&mut pending_before, c);
            } else if c.is_whitespace() {
                // A space between "(" and the word keeps the bracket with the word.
            } else if !matches!(c, '(' | '[') {
                pending_before.clear();
            }
        }
        i += 1;
    }
    if !current.is_empty() {
        out.push(Word::new(
            &mut current,
            &mut pending_before,
            (line, start),
            depth > 0,
        ));
    }
    // A line that opens with a mark ("❌ A ❌ B ✅ C") puts each mark before its word.
    let marks_lead: Vec<bool> = text
        .split('\n')
        .map(|l| {
            l.trim_start()
                .starts_with(|c| TICKS.contains(&c) || CROSSES.contains(&c))
        })
        .collect();
    for (line, before, tick) in marks {
        let lead = marks_lead.get(line).copied().unwrap_or(false);
        let on_line = before
            .filter(|_| !lead)
            .filter(|&b| out.get(b).is_some_and(|w| w.line == line));
        let at = on_line.or_else(|| {
            let next = before.map_or(0, |b| b + 1);
            out.get(next).filter(|w| w.line == line).map(|_| next)
        });
        if let Some(at) = at {
            out[at].mark.get_or_insert(tick);
        }
    }
    // A checkbox "[x]" is a tick on the word after it, not a word.
    let mut k = 0;
    let mut ticked = false;
    while k < out.len() {
        let w = &out[k];
        if (w.raw == "x" || w.raw == "X") && w.before.contains('[') && w.after.starts_with(']') {
            let line = w.line;
            out.remove(k);
            if let Some(next) = out.get_mut(k).filter(|n| n.line == line) {
                next.mark = Some(true);
                ticked = true;
            }
        } else {
            k += 1;
        }
    }
    // … and in a checklist with a box ticked, a line opening with a box left empty ("- [ ] J.
    // Comoros") is a cross on its first word.
    if ticked {
        for (n, l) in text.split('\n').enumerate() {
            let unticked = l
                .trim_start()
                .trim_start_matches(['-', '*', '+'])
                .trim_start()
                .starts_with("[ ]");
            // (Words are in line order: the line's first is found, not scanned for.)
            let from = out.partition_point(|w| w.line < n);
            if let Some(first) = out.get_mut(from).filter(|w| unticked && w.line == n) {
                first.mark.get_or_insert(false);
            }
        }
    }
    // Text struck through ("~~B: avoid Kendall entirely~~ — not supported") is crossed out:
    // a cross on its first word.
    let tildes: Vec<usize> = (0..chars.len().saturating_sub(1))
        .filter(|&i| chars[i] == '~' && chars[i + 1] == '~')
        .filter(|&i| i == 0 || chars[i - 1] != '~')
        .collect();
    for pair in tildes.chunks_exact(2) {
        let (from, to) = (pair[0] + 2, pair[1]);
        if let Some(w) = out.iter_mut().find(|w| w.at >= from && w.at < to) {
            w.mark.get_or_insert(false);
        }
    }
    pointed_out(text, &mut out);
    // Lines that are rows of a Markdown table.
    let rows: Vec<bool> = text
        .split('\n')
        .map(|l| l.trim_start().starts_with('|'))
        .collect();
    let items: Vec<bool> = text.split('\n').map(opens_an_item).collect();
    for w in &mut out {
        w.line_kind = if rows.get(w.line).copied().unwrap_or(false) {
            LineKind::TableRow
        } else if items.get(w.line).copied().unwrap_or(false) {
            LineKind::Item
        } else {
            LineKind::Prose
        };
    }
    // A table row "| B | … | ✅ Correct |": a mark anywhere on the row is its letter's.
    for line_words in out.chunk_by_mut(|a, b| a.line == b.line) {
        let row = rows.get(line_words[0].line).copied().unwrap_or(false);
        let mark = line_words.iter().find_map(|w| w.mark);
        if row && line_words[0].raw.len() == 1 && line_words[0].mark.is_none() {
            // … and no other word's: the row's statement is the letter's.
            line_words[0].mark = mark;
            for w in &mut line_words[1..] {
                w.mark = None;
            }
        }
    }
    // A table row "| B | Yes | …", or a line of comma-separated values "B,true": the verdict
    // cell beside a letter is a tick or a cross.
    for k in 0..out.len().saturating_sub(1) {
        let first = &out[k];
        let row_start = k == 0 || out[k - 1].line != first.line;
        if !row_start || first.raw.len() != 1 || out[k + 1].line != first.line {
            continue;
        }
        let line_end = (k..out.len())
            .find(|&j| out.get(j + 1).is_none_or(|n| n.line != first.line))
            .unwrap_or(k);
        // (A row of comma-separated values: its last cell is the verdict — "A,1", "C,Pearson's
        // r,accept".)
        // (Its second cell may be quoted: "A,\"$33,382\",accept".)
        let csv = first.after.trim().strip_prefix(',').is_some_and(|rest| {
            rest.chars()
                .all(|c| matches!(c, '"' | '\'' | '$' | '€' | '£'))
        });
        let cell = if csv {
            (out[line_end - 1].after.trim_matches([' ', '"']) == ",").then_some(line_end)
        } else {
            Some(k + 1)
        };
        let Some(cell) = cell.and_then(|c| out.get(c)) else {
            continue;
        };
        // ("| A | Very low |": a likelihood's degree is its verdict — the whole cell, not
        // "| A | High blood pressure |".)
        let (degree, degree_at) = if cell.text == "very" && !csv {
            (
                out.get(k + 2).map_or("", |w| w.text.as_str()),
                (k + 2).min(out.len() - 1),
            )
        } else {
            (cell.text.as_str(), k + 1)
        };
        let whole_cell = out[degree_at].after.contains('|')
            || out
                .get(degree_at + 1)
                .is_none_or(|n| n.line != out[degree_at].line);
        let verdict = match degree {
            "yes" | "correct" | "true" | "right" | "accept" | "accepted" => Some(true),
            "no" | "incorrect" | "false" | "wrong" | "reject" | "rejected" => Some(false),
            "high" if !csv && whole_cell => Some(true),
            "low" if !csv && whole_cell => Some(false),
            "1" if csv && line_end == k + 1 => Some(true),
            "0" if csv && line_end == k + 1 => Some(false),
            _ => None,
        };
        if (rows.get(first.line).copied().unwrap_or(false) || csv)
            && let Some(verdict) = verdict
        {
            out[k].mark.get_or_insert(verdict);
        }
    }
    if let Some(last) = out.last_mut() {
        last.ends_clause = true;
    }
    out
}

/// "C. $24,282  ⟵ this one", "B. be happy to help (my answer)": words at a line's end that
/// point to it as the answer are a tick on it, not words of their own (nor a label for the
/// next line's letter).
fn pointed_out(text: &str, out: &mut Vec<Word>) {
    const POINTING: &[&str] = &["my answer", "this one", "my pick", "my choice", "answer"];
    let mut dropped = vec![false; out.len()];
    for (n, line) in text.split('\n').enumerate() {
        let line = line.trim_end();
        let arrow = ["←", "⟵", "⬅", "<-"]
            .iter()
            .filter_map(|a| line.rfind(a).map(|at| at + a.len()))
            .max();
        let pointing = match arrow {
            Some(at) => Some(line[at..].trim().trim_matches(['(', ')', '*'])),
            None => line
                .strip_suffix(')')
                .and_then(|l| l.rsplit_once('('))
                .map(|(_, inside)| inside.trim()),
        };
        let Some(phrase) = pointing
            .map(str::to_lowercase)
            .filter(|p| POINTING.contains(&p.as_str()) || arrow.is_some() && p.is_empty())
        else {
            continue;
        };
        // (Words are in line order: the line's words are found, not scanned for.)
        let from = out.partition_point(|w| w.line < n);
        let on_line: Vec<usize> = (from..out.partition_point(|w| w.line <= n)).collect();
        let said = phrase.split(' ').filter(|w| !w.is_empty()).count();
        if on_line.len() <= said {
            continue;
        }
        let kept = on_line[on_line.len() - said - 1];
        for &k in &on_line[on_line.len() - said..] {
            dropped[k] = true;
        }
        out[kept].mark.get_or_insert(true);
    }
    if dropped.contains(&true) {
        let mut k = 0;
        out.retain(|_| {
            k += 1;
            !dropped[k - 1]
        });
    }
}

/// Marks that say yes beside a choice: ticks, a green light, a thumb up.
const TICKS: &[char] = &['✅', '✔', '✓', '☑', '☒', '🟢', '👍'];

/// Marks that say no: crosses, a red light, a thumb down, a ballot box left empty.
const CROSSES: &[char] = &['❌', '✗', '✘', '❎', '✖', '🔴', '👎', '☐'];

/// Whether `c` belongs to a script written without spaces between words (Chinese, Japanese;
/// Korean's syllables, which attach their particles: "B가").
fn spaceless(c: char) -> bool {
    matches!(u32::from(c),
        0x3040..=0x30FF // Hiragana, Katakana
        | 0x3400..=0x4DBF // CJK Extension A
        | 0x4E00..=0x9FFF // CJK Unified Ideographs
        | 0xAC00..=0xD7AF // Hangul syllables
        | 0xF900..=0xFAFF // CJK Compatibility Ideographs
        | 0xFF66..=0xFF9F // half-width Katakana
        | 0x20000..=0x2FA1F) // CJK Extensions B–F, supplement
}

fn push_punct(into: &mut String, c: char) {
    if into.chars().count() < 2 {
        into.push(c);
    }
}

/// Whether `c` (followed by `next`) ends a clause: a sentence's end, a semicolon, a dash set
/// off by spaces (an en dash not before a digit), a line break. A full stop inside a number ("3.5") or right after a single
/// letter ("B. the second option") does not.
fn ends_clause(c: char, next: Option<char>, out: &[Word]) -> bool {
    let last = out.last();
    match c {
        '\n' | ';' | '—' | '!' | '?' | '。' | '！' | '？' | '；' => true,
        // "–15", "10–15": an en dash before a digit is a minus sign or a range.
        '–' => next.is_none_or(|n| !n.is_ascii_digit()),
        '.' => {
            let inside_number = last.is_some_and(|w| w.text.chars().all(|d| d.is_ascii_digit()))
                && next.is_some_and(|n| n.is_ascii_digit());
            // "B. the second option": a label's own full stop (a letter opening its line), not
            // a sentence's.
            let after_letter = last.is_some_and(|w| w.raw.chars().count() == 1 && w.after == ".")
                && (out.len() == 1 || out[out.len() - 2].ends_clause);
            !inside_number && !after_letter && next.is_none_or(char::is_whitespace)
        }
        '-' => next.is_some_and(char::is_whitespace),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(words: &[Word]) -> Vec<&str> {
        words.iter().map(|w| w.text.as_str()).collect()
    }

    #[test]
    fn words_keep_case_brackets_and_clause_ends() {
        let w = words("I'd go with (B). Not A — it's C; 3.5 stays");
        assert_eq!(
            texts(&w),
            [
                "id", "go", "with", "b", "not", "a", "its", "c", "3", "5", "stays"
            ]
        );
        assert_eq!(w[3].raw, "B");
        assert_eq!(w[3].before, "(");
        assert!(w[3].after.starts_with(')'));
        assert!(w[3].ends_clause);
        assert!(w[5].ends_clause, "a spaced dash ends a clause");
        assert!(w[7].ends_clause);
        assert!(!w[8].ends_clause, "3.5 is one number");
        let w = words("B. the second option");
        assert!(
            !w[0].ends_clause,
            "a letter's full stop is not a sentence's"
        );
        let w = words("The answer is –15 – I think");
        assert!(
            !w[2].ends_clause,
            "an en dash before a digit is a minus sign"
        );
        assert!(w[3].ends_clause, "a spaced en dash ends a clause");
    }
}
