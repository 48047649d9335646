//! A reply that gives an amount rounded where every choice is an exact one: "approximately
//! $68.3k" for "$68,303", "about $496k" for "$495,700" (METHODS.md §13, step 5). The amount is
//! read as the choice it rounds, to the precision it is written in, when exactly one choice
//! does — every rounded amount the reply gives rounds that one, and it writes none in full.

/// The choice the reply's rounded amounts name, if they all name one and only one choice
/// rounds to them.
pub(super) fn named(reply: &str, choices: &[String]) -> Option<usize> {
    let exact: Vec<f64> = choices
        .iter()
        .map(|c| amount(c.trim()))
        .collect::<Option<Vec<f64>>>()?;
    // (A reply that also writes an amount in full — "on about $68.3k the tax is $16,400" —
    // gives more than one, and the rounded one need not be its answer.)
    if written_in_full(reply) {
        return None;
    }
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

/// Whether the reply writes an amount in full: after a currency sign ("$16,400", "€12") or
/// grouped by commas ("16,400").
fn written_in_full(reply: &str) -> bool {
    let chars: Vec<char> = reply.chars().collect();
    chars
        .windows(2)
        .any(|w| matches!(w[0], '$' | '€' | '£' | '¥') && w[1].is_ascii_digit())
        && {
            // (Not one that a multiplier follows: "$68.3k".)
            let mut full = false;
            let mut i = 0;
            while i < chars.len() {
                if matches!(chars[i], '$' | '€' | '£' | '¥') {
                    let mut j = i + 1;
                    while j < chars.len()
                        && (chars[j].is_ascii_digit() || matches!(chars[j], '.' | ','))
                    {
                        j += 1;
                    }
                    let multiplied = chars
                        .get(j)
                        .is_some_and(|c| matches!(c.to_ascii_lowercase(), 'k' | 'm'))
                        || {
                            let after: String = chars[j..].iter().take(10).collect();
                            let after = after.trim_start();
                            after.starts_with("thousand") || after.starts_with("million")
                        };
                    full |= j > i + 1 && !multiplied;
                    i = j;
                } else {
                    i += 1;
                }
            }
            full
        }
        || chars.windows(5).any(|w| {
            w[0].is_ascii_digit() && w[1] == ',' && w[2..].iter().all(char::is_ascii_digit)
        })
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
        assert_eq!(
            named(
                "On income of about $68.3k, the tax comes to roughly $16,400.",
                &choices
            ),
            None
        );
        // Plain numbers and choices that are no amounts are left alone.
        assert_eq!(named("It is 68303.", &choices), None);
        let words: Vec<String> = ["red", "blue"].map(String::from).to_vec();
        assert_eq!(named("About $68.3k.", &words), None);
    }
}
