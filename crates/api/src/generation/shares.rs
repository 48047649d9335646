//! The shares an exam keeps low: fill-the-blank questions and keyword lookups.

use proctor_exam::generate::filters::{self, Check, Flag};

/// What the shares need to know of one generated question.
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct Sorts {
    /// It fills a blank.
    pub blank: bool,
    /// A keyword lookup answers it.
    pub lookup: bool,
    /// The reviewer rejected it.
    pub rejected: bool,
}

/// Sets aside, last-written first, the fill-the-blank questions above a fifth of the passing
/// ones and the keyword lookups above the aimed share, until both hold: setting aside one sort
/// changes the other's share.
pub(super) fn set_aside_over_shares(
    questions: &[Sorts],
    flags: &mut [Vec<Flag>],
    max_lookup: Option<f64>,
) {
    let standing = |flags: &[Vec<Flag>], of_sort: fn(&Sorts) -> bool| -> Vec<(bool, bool)> {
        questions
            .iter()
            .zip(flags)
            .map(|(q, f)| (of_sort(q), f.is_empty() && !q.rejected))
            .collect()
    };
    loop {
        let blanks = filters::over_the_aim(&standing(flags, |q| q.blank), filters::MAX_BLANK_SHARE);
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

#[cfg(test)]
mod tests {
    use super::*;

    fn passing(questions: &[Sorts], flags: &[Vec<Flag>]) -> Vec<usize> {
        (0..questions.len())
            .filter(|&i| flags[i].is_empty() && !questions[i].rejected)
            .collect()
    }

    #[test]
    fn blanks_stay_within_a_fifth_of_what_passes_last_written_first() {
        // Ten questions, four blanks (0, 3, 6, 9), one of the others already failing.
        let questions: Vec<Sorts> = (0..10)
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
        // 9 pass, 4 of them blanks: 9, 6 and 3 go (3 of 8, 2 of 7 are above a fifth; 1 of 6 is not).
        assert_eq!(kept, vec![0, 2, 4, 5, 7, 8]);
        assert_eq!(blanks, 1);
        for i in [3, 6, 9] {
            assert_eq!(flags[i].len(), 1);
            assert_eq!(flags[i][0].check, Check::TooManyBlanks);
        }
    }

    #[test]
    fn both_shares_hold_together() {
        // Twenty questions: blanks are lookups too (0, 5, 10, 15), and six others are lookups.
        let questions: Vec<Sorts> = (0..20)
            .map(|i| Sorts {
                blank: i % 5 == 0,
                lookup: i % 5 == 0 || i % 3 == 1,
                rejected: false,
            })
            .collect();
        let mut flags = vec![Vec::new(); 20];
        set_aside_over_shares(&questions, &mut flags, Some(0.25));
        let kept = passing(&questions, &flags);
        let share = |of: fn(&Sorts) -> bool| {
            kept.iter().filter(|&&i| of(&questions[i])).count() as f64 / kept.len() as f64
        };
        assert!(share(|q| q.blank) <= filters::MAX_BLANK_SHARE, "{kept:?}");
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
