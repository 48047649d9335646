//! A reply that restates a choice that is a list, counting what repeats (METHODS.md §13): "a 20
//! year old accountant and two 24 year old salesmen" for "A 20-year-old accountant, a
//! 24-year-old salesman, a 24-year-old salesman."
//!
//! Choices of this kind share all their words and differ by how many times each item comes, so
//! no choice has words of its own ([`super::own_words`] reads nothing). Here each text is cut
//! into its items (at commas, semicolons, "and", "plus"), an item counted with a number word
//! ("two …", "three …") stands for that many, and the reply is read as the one choice whose
//! items are the reply's, each as often — the order aside, each word alike as a choice's text is
//! matched (an inflection or a slip). A reply that says anything more than its list, or whose
//! list fits no choice or two, reads nothing.

use super::alike::same;
use super::words::{Word, words};

/// Words that join two items of a list.
const JOINS: &[&str] = &["and", "plus"];

/// Words that add nothing to an item.
const ARTICLES: &[&str] = &["a", "an", "the"];

/// Count words, and how many they stand for.
const COUNTS: &[(&str, usize)] = &[
    ("two", 2),
    ("three", 3),
    ("four", 4),
    ("five", 5),
    ("six", 6),
    ("both", 2),
];

/// The longest list read: a reply longer than this is not a bare list.
const MOST_ITEMS: usize = 12;

/// The choice whose items the reply lists, each as often, if exactly one.
pub(super) fn listed(reply: &[Word], choices: &[String]) -> Option<usize> {
    // The reply first: most replies are no list, and the choices need not be cut then.
    let said = items(reply);
    if said.len() < 2 || said.len() > MOST_ITEMS {
        return None;
    }
    let choice_words: Vec<Vec<Word>> = choices.iter().map(|c| words(c)).collect();
    let mut lists: Vec<Vec<Vec<&str>>> = Vec::new();
    for w in &choice_words {
        let items = items(w);
        // Only choices that are all lists of two items or more.
        if items.len() < 2 {
            return None;
        }
        lists.push(items);
    }
    let counted = expanded(&said);
    let fits: Vec<usize> = lists
        .iter()
        .enumerate()
        .filter(|(_, list)| {
            same_items(&said, list) || counted.as_ref().is_some_and(|c| same_items(c, list))
        })
        .map(|(i, _)| i)
        .collect();
    match fits.as_slice() {
        [one] => Some(*one),
        _ => None,
    }
}

/// A text's items: its words cut at commas, semicolons and joining words, articles left out.
/// A line, a full stop inside the text or a bracket ends the list: such a text is more than one.
fn items(text: &[Word]) -> Vec<Vec<&str>> {
    let mut out: Vec<Vec<&str>> = Vec::new();
    let mut item: Vec<&str> = Vec::new();
    for (i, w) in text.iter().enumerate() {
        let last = i + 1 == text.len();
        if w.in_parens || w.line != text[0].line || (w.ends_clause && !last) {
            return Vec::new();
        }
        if JOINS.contains(&w.text.as_str()) {
            if !item.is_empty() {
                out.push(std::mem::take(&mut item));
            }
            continue;
        }
        if !ARTICLES.contains(&w.text.as_str()) {
            item.push(w.text.as_str());
        }
        if w.after.contains([',', ';']) && !item.is_empty() {
            out.push(std::mem::take(&mut item));
        }
    }
    if !item.is_empty() {
        out.push(item);
    }
    out
}

/// The list with each counted item ("two … salesmen") written out as often as its count says;
/// `None` when nothing is counted.
fn expanded<'a>(list: &[Vec<&'a str>]) -> Option<Vec<Vec<&'a str>>> {
    let mut out = Vec::new();
    let mut any = false;
    for item in list {
        let count = item
            .first()
            .and_then(|w| COUNTS.iter().find(|(c, _)| c == w))
            .map(|(_, n)| *n);
        match count {
            Some(n) if item.len() >= 2 => {
                any = true;
                out.extend(std::iter::repeat_n(item[1..].to_vec(), n));
            }
            _ => out.push(item.clone()),
        }
    }
    any.then_some(out)
}

/// Whether two lists hold the same items, each as often, in any order.
fn same_items(a: &[Vec<&str>], b: &[Vec<&str>]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    let mut taken = vec![false; b.len()];
    a.iter().all(|item| {
        let found = b.iter().enumerate().position(|(j, other)| {
            !taken[j]
                && item.len() == other.len()
                && item.iter().zip(other).all(|(x, y)| same(x, y))
        });
        found.inspect(|&j| taken[j] = true).is_some()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(reply: &str, choices: &[&str]) -> Option<usize> {
        let choices: Vec<String> = choices.iter().map(|c| (*c).to_owned()).collect();
        listed(&words(reply), &choices)
    }

    const STAFF: [&str; 4] = [
        "A 20-year-old accountant, a 20-year-old salesman, a 24-year-old salesman.",
        "A 20-year-old accountant, a 24-year-old salesman, a 24-year-old salesman.",
        "A 24-year-old accountant, a 20-year-old salesman, a 20-year-old salesman.",
        "A 20-year-old accountant, a 20-year-old accountant, a 24-year-old salesman.",
    ];

    #[test]
    fn a_counted_item_stands_for_as_many() {
        assert_eq!(
            read(
                "A 20 year old accountant and two 24 year old salesmen.",
                &STAFF
            ),
            Some(1)
        );
        assert_eq!(
            read(
                "Two 20-year-old accountants and a 24-year-old salesman",
                &STAFF
            ),
            Some(3)
        );
    }

    #[test]
    fn a_list_in_another_order_is_the_same_list() {
        assert_eq!(
            read(
                "Pears, apples and plums.",
                &["Apples, pears", "Plums, apples, pears", "Plums, pears"]
            ),
            Some(1)
        );
    }

    #[test]
    fn a_list_that_fits_no_choice_or_a_reply_with_more_reads_nothing() {
        // One of each, which no choice is.
        assert_eq!(
            read(
                "A 20 year old accountant and a 24 year old salesman.",
                &STAFF
            ),
            None
        );
        // A sentence before the list.
        assert_eq!(
            read(
                "I counted them. A 20 year old accountant and two 24 year old salesmen.",
                &STAFF
            ),
            None
        );
        // Choices that are not lists.
        assert_eq!(read("Two cats and a dog.", &["Cats", "Dogs"]), None);
    }
}
