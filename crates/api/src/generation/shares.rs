//! The shares an exam keeps low: fill-the-blank questions and keyword lookups.

use proctor_exam::generate::filters::{self, Check, Flag};

/// What the shares need to know of one generated question.
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct Sorts<'a> {
    /// It fills a blank.
    pub blank: bool,
    /// A keyword lookup answers it.
    pub lookup: bool,
    /// The reviewer rejected it.
    pub rejected: bool,
    /// Its source's topic.
    pub topic: Option<&'a str>,
}

/// Sets aside, last-written first, the fill-the-blank questions above a fifth of the passing
/// ones (rounded up, [`allowed_blanks`]) and the keyword lookups above the aimed share, until both hold: setting aside one sort
/// changes the other's share. A blank that is its topic's only passing question stays — a
/// topic left without a question is the larger gap — and the share shows it.
pub(super) fn set_aside_over_shares(
    questions: &[Sorts<'_>],
    flags: &mut [Vec<Flag>],
    max_lookup: Option<f64>,
) {
    let passing = |flags: &[Vec<Flag>], i: usize| flags[i].is_empty() && !questions[i].rejected;
    let standing = |flags: &[Vec<Flag>], of_sort: fn(&Sorts<'_>) -> bool| -> Vec<(bool, bool)> {
        (0..questions.len())
            .map(|i| (of_sort(&questions[i]), passing(flags, i)))
            .collect()
    };
    loop {
        let blanks = blank_over_the_share(questions, flags, &passing);
        for &i in &blanks {
            flags[i].push(Flag::noted(
                Check::TooManyBlanks,
                "at most a fifth of the exam fills a blank; the last written are set aside".into(),
            ));
        }
        let lookups = max_lookup.map_or_else(Vec::new, |aim| {
            filters::over_the_aim(&standing(flags, |q| q.lookup), aim)
        });
        for &i in &lookups {
            flags[i].push(Flag::noted(
                Check::KeywordLookup,
                format!(
                    "aim: at most {:.0}% keyword lookups",
                    max_lookup.unwrap_or(0.0) * 100.0
                ),
            ));
        }
        if blanks.is_empty() && lookups.is_empty() {
            break;
        }
    }
}

/// How many of `kept` passing questions may fill a blank: a fifth, rounded up to a whole
/// question (on a small exam a fraction of a question is no reason to lose one).
pub(super) fn allowed_blanks(kept: usize) -> usize {
    #[expect(
        clippy::cast_precision_loss,
        clippy::cast_possible_truncation,
        clippy::cast_sign_loss,
        reason = "question counts far below 2^52; the product is small and not negative"
    )]
    let allowed = (filters::MAX_BLANK_SHARE * kept as f64).ceil() as usize;
    allowed
}

/// The last-written blank to set aside while blanks are above a fifth of the passing
/// questions, if any may go: not one that is its topic's only passing question.
fn blank_over_the_share(
    questions: &[Sorts<'_>],
    flags: &[Vec<Flag>],
    passing: &dyn Fn(&[Vec<Flag>], usize) -> bool,
) -> Vec<usize> {
    let kept: Vec<usize> = (0..questions.len())
        .filter(|&i| passing(flags, i))
        .collect();
    let blanks = kept.iter().filter(|&&i| questions[i].blank).count();
    if blanks <= allowed_blanks(kept.len()) {
        return Vec::new();
    }
    let alone = |i: usize| {
        kept.iter()
            .filter(|&&j| questions[j].topic == questions[i].topic)
            .count()
            == 1
    };
    kept.iter()
        .rev()
        .copied()
        .find(|&i| questions[i].blank && !alone(i))
        .into_iter()
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn passing(questions: &[Sorts<'_>], flags: &[Vec<Flag>]) -> Vec<usize> {
        (0..questions.len())
            .filter(|&i| flags[i].is_empty() && !questions[i].rejected)
            .collect()
    }

    #[test]
    fn blanks_stay_within_a_fifth_of_what_passes_last_written_first() {
        // Ten questions, four blanks (0, 3, 6, 9), one of the others already failing.
        let questions: Vec<Sorts<'_>> = (0..10)
            .map(|i| Sorts {
                blank: i % 3 == 0,
                ..Sorts::default()
            })
            .collect();
        let mut flags = vec![Vec::new(); 10];
        flags[1].push(Flag::noted(Check::Duplicate, "question 0".into()));
        set_aside_over_shares(&questions, &mut flags, None);
        let kept = passing(&questions, &flags);
        let blanks = kept.iter().filter(|&&i| questions[i].blank).count();
        // 9 pass, 4 of them blanks: 9 and 6 go (4 of 9 and 3 of 8 are above a fifth rounded
        // up, 2; 2 of 7 is not).
        assert_eq!(kept, vec![0, 2, 3, 4, 5, 7, 8]);
        assert_eq!(blanks, 2);
        assert!(flags[3].is_empty());
        for i in [6, 9] {
            assert_eq!(flags[i].len(), 1);
            assert_eq!(flags[i][0].check, Check::TooManyBlanks);
        }
    }

    #[test]
    fn a_fifth_rounded_up() {
        assert_eq!(allowed_blanks(0), 0);
        assert_eq!(allowed_blanks(10), 2);
        assert_eq!(allowed_blanks(11), 3);
        assert_eq!(allowed_blanks(120), 24);
    }

    #[test]
    fn a_topics_only_question_stays_though_it_fills_a_blank() {
        // Five passing questions: three blanks, each its topic's only question.
        let topics = ["a", "a", "b", "c", "d"];
        let questions: Vec<Sorts<'_>> = topics
            .iter()
            .enumerate()
            .map(|(i, t)| Sorts {
                blank: i >= 2,
                topic: Some(t),
                ..Sorts::default()
            })
            .collect();
        let mut flags = vec![Vec::new(); 5];
        set_aside_over_shares(&questions, &mut flags, None);
        assert!(flags.iter().all(Vec::is_empty));
        // With a second question in topic "b", its blank may go.
        let mut more = questions.clone();
        more.push(Sorts {
            topic: Some("b"),
            ..Sorts::default()
        });
        let mut flags = vec![Vec::new(); 6];
        set_aside_over_shares(&more, &mut flags, None);
        assert_eq!(flags[2].len(), 1);
        assert!(flags[3].is_empty() && flags[4].is_empty());
    }

    #[test]
    fn both_shares_hold_together() {
        // Twenty questions: blanks are lookups too (0, 5, 10, 15), and six others are lookups.
        let questions: Vec<Sorts<'_>> = (0..20)
            .map(|i| Sorts {
                blank: i % 5 == 0,
                lookup: i % 5 == 0 || i % 3 == 1,
                rejected: false,
                topic: None,
            })
            .collect();
        let mut flags = vec![Vec::new(); 20];
        set_aside_over_shares(&questions, &mut flags, Some(0.25));
        let kept = passing(&questions, &flags);
        let share = |of: fn(&Sorts<'_>) -> bool| {
            kept.iter().filter(|&&i| of(&questions[i])).count() as f64 / kept.len() as f64
        };
        let blanks = kept.iter().filter(|&&i| questions[i].blank).count();
        assert!(blanks <= allowed_blanks(kept.len()), "{kept:?}");
        assert!(share(|q| q.lookup) <= 0.25, "{kept:?}");
        // Nothing set aside twice, and only what one share asked for.
        for f in &flags {
            assert!(f.len() <= 1);
        }
        // Without an aim, lookups stay.
        let mut flags = vec![Vec::new(); 20];
        set_aside_over_shares(&questions, &mut flags, None);
        assert!(
            flags
                .iter()
                .flatten()
                .all(|f| f.check == Check::TooManyBlanks)
        );
    }
}
