//! A reply that gives an amount rounded where every choice is an exact one: "approximately
//! $68.3k" for "$68,303", "about $496k" for "$495,700" (METHODS.md §13, step 5). The amount is
//! read as the choice it rounds, to the precision it is written in, when exactly one choice
//! does — and every amount the reply gives rounds that one.

/// The choice the reply's rounded amounts name, if they all name one and only one choice
/// rounds to them.
pub(super) fn named(reply: &str, choices: &[String]) -> Option<usize> {
    let exact: Vec<f64> = choices
        .iter()
        .map(|c| amount(c.trim()))
        .collect::<Option<Vec<f64>>>()?;
    let mut found = None;
    for (value, step) in rounded_amounts(reply) {
        let near: Vec<usize> = (0..exact.len())
            .filter(|&i| (exact[i] - value).abs() <= step / 2.0)
            .collect();
        let [one] = near[..] else {
            return None;
        };
        if found.is_some_and(|f| f != one) {
            return None;
        }
        found = Some(one);
    }
    found
}

/// A choice that is one amount: "$68,303", "1,282", "0.25", "€ 12.5".
fn amount(text: &str) -> Option<f64> {
    let digits = text
        .trim_start_matches(['$', '€', '£', '¥'])
        .trim()
        .replace(',', "");
    (!digits.is_empty() && digits.chars().all(|c| c.is_ascii_digit() || c == '.'))
        .then(|| digits.parse().ok())
        .flatten()
}

/// The amounts written with a multiplier ("$68.3k", "496K", "1.2M", "2.5 million",
/// "40 thousand"), each with the step it is rounded to ("68.3k": 100).
fn rounded_amounts(reply: &str) -> Vec<(f64, f64)> {
    let chars: Vec<char> = reply.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let starts = chars[i].is_ascii_digit() && (i == 0 || !chars[i - 1].is_alphanumeric());
        if !starts {
            i += 1;
            continue;
        }
        let from = i;
        while i < chars.len() && (chars[i].is_ascii_digit() || chars[i] == '.' || chars[i] == ',') {
            i += 1;
        }
        let number: String = chars[from..i]
            .iter()
            .filter(|c| **c != ',')
            .collect::<String>()
            .trim_end_matches('.')
            .to_owned();
        let decimals = number.split_once('.').map_or(0, |(_, d)| d.len());
        let rest: String = chars[i..]
            .iter()
            .take(10)
            .collect::<String>()
            .to_lowercase();
        let unit = rest.trim_start_matches(' ');
        let spaced = rest.len() > unit.len();
        let ends = |word: &str| {
            unit.strip_prefix(word)
                .is_some_and(|after| !after.starts_with(char::is_alphanumeric))
        };
        let multiplier = if !spaced && (ends("k")) || ends("thousand") {
            1e3
        } else if !spaced && ends("m") || ends("million") {
            1e6
        } else {
            continue;
        };
        let Ok(value) = number.parse::<f64>() else {
            continue;
        };
        let step = multiplier / 10f64.powi(i32::try_from(decimals).unwrap_or(0));
        out.push((value * multiplier, step));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rounded_amount_names_the_one_choice_it_rounds() {
        let choices: Vec<String> = ["$16,382", "$68,303", "$68,403", "$495,701"]
            .map(String::from)
            .to_vec();
        assert_eq!(
            named("Your total tax would be approximately $68.3k.", &choices),
            Some(1)
        );
        assert_eq!(named("About $496k.", &choices), Some(3));
        assert_eq!(named("Roughly 16.4 thousand dollars.", &choices), Some(0));
        // Two choices round to "68k"; an amount no choice rounds to; amounts that disagree.
        assert_eq!(named("About $68k.", &choices), None);
        assert_eq!(named("About $70.1k.", &choices), None);
        assert_eq!(named("Either $16.4k or $68.3k.", &choices), None);
        // Plain numbers and choices that are no amounts are left alone.
        assert_eq!(named("It is 68303.", &choices), None);
        let words: Vec<String> = ["red", "blue"].map(String::from).to_vec();
        assert_eq!(named("About $68.3k.", &words), None);
    }
}
