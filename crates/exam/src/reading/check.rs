//! Setting a language model's margin on the labelled replies (METHODS.md §13, step 7): the model
//! reads a fixed part of the set, and its margin is the least lead above every reading it got
//! wrong — so on the set it reads no reply as another choice, nor a reply that gives no single
//! choice as one. A model whose margin leaves none of the replies the rules are unsure of read
//! as meant cannot help, and is not used.

use proctor_core::{EmbedError, LanguageScorer};

use super::{ask_model, read_answer};

/// The labelled prose replies (`crates/exam/tests/data/replies.jsonl`, made by
/// `scripts/reply-set.py`), built in.
const LABELLED: &str = include_str!("../../tests/data/replies.jsonl");

/// One reply with the choice its writer meant.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LabelledReply {
    /// How it is written ("hedged", "rag-citations", …).
    pub style: String,
    /// The question's choices.
    pub choices: Vec<String>,
    /// The reply.
    pub reply: String,
    /// The choice meant; None where the reply gives no answer or commits to no single choice.
    pub meant: Option<usize>,
}

/// The labelled replies built in.
pub fn labelled_replies() -> Vec<LabelledReply> {
    LABELLED
        .lines()
        .filter_map(|line| serde_json::from_str::<serde_json::Value>(line).ok())
        .filter_map(|v| {
            let choices: Vec<String> = v["choices"]
                .as_array()?
                .iter()
                .filter_map(|c| c.as_str().map(str::to_owned))
                .collect();
            let meant = v["meant"].as_str()?;
            Some(LabelledReply {
                style: v["style"].as_str()?.to_owned(),
                reply: v["reply"].as_str()?.to_owned(),
                meant: match meant.as_bytes() {
                    [letter @ b'A'..=b'Z'] => Some(usize::from(letter - b'A')),
                    _ => None,
                },
                choices,
            })
        })
        .collect()
}

/// What a model did on the labelled replies.
#[derive(Debug, Clone, PartialEq)]
pub struct ReplyModelCheck {
    /// Replies it was asked.
    pub asked: usize,
    /// Of them, replies with a choice meant that the rules leave for a look.
    pub unsure: usize,
    /// The highest lead of a reading it got wrong (a choice not meant), if any.
    pub highest_wrong_lead: Option<f64>,
    /// The margin it reads with: just above every wrong reading's lead; None where that reads
    /// none of the unsure replies as meant (the model is not used).
    pub margin: Option<f64>,
    /// Unsure replies it reads as meant at that margin.
    pub unsure_read_right: usize,
}

/// Which of the labelled replies a model is asked: every reply the rules leave unsure, every
/// reply that gives no single choice, and every `step`-th of the rest.
fn asked(replies: &[LabelledReply], step: usize) -> Vec<(&LabelledReply, bool)> {
    let mut rest = 0usize;
    replies
        .iter()
        .filter_map(|r| {
            let unsure = r.meant.is_some() && read_answer(&r.reply, &r.choices).needs_a_look();
            if unsure || r.meant.is_none() {
                return Some((r, unsure));
            }
            rest += 1;
            rest.is_multiple_of(step.max(1)).then_some((r, false))
        })
        .collect()
}

/// The lead added above the highest wrong one, so that it is not read either.
const ABOVE: f64 = 0.05;

/// Asks `model` which choice each of the chosen replies gives and sets its margin. `on_each` is
/// told how many have been asked and how many will be, and returns false to stop (then None).
pub fn check_reply_model(
    model: &dyn LanguageScorer,
    replies: &[LabelledReply],
    step: usize,
    on_each: &mut dyn FnMut(usize, usize) -> bool,
) -> Result<Option<ReplyModelCheck>, EmbedError> {
    let chosen = asked(replies, step);
    // (lead, read as meant, unsure by the rules)
    let mut votes: Vec<(f64, bool, bool)> = Vec::with_capacity(chosen.len());
    let mut highest_wrong: Option<f64> = None;
    for (k, (reply, unsure)) in chosen.iter().enumerate() {
        if !on_each(k, chosen.len()) {
            return Ok(None);
        }
        let vote = ask_model(&reply.reply, &reply.choices, model)?;
        let Some(choice) = vote.choice else {
            continue;
        };
        let right = Some(choice) == reply.meant;
        if !right {
            highest_wrong = Some(highest_wrong.map_or(vote.lead, |h: f64| h.max(vote.lead)));
        }
        votes.push((vote.lead, right, *unsure));
    }
    let margin = highest_wrong.map_or(ABOVE, |h| h + ABOVE);
    let unsure_read_right = votes
        .iter()
        .filter(|(lead, right, unsure)| *unsure && *right && *lead >= margin)
        .count();
    Ok(Some(ReplyModelCheck {
        asked: chosen.len(),
        unsure: chosen.iter().filter(|(_, u)| *u).count(),
        highest_wrong_lead: highest_wrong,
        margin: (unsure_read_right > 0).then_some(margin),
        unsure_read_right,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proctor_core::Likelihood;

    /// A stand-in model: sure of the letter its table gives each reply, unsure otherwise.
    struct Table(Vec<(&'static str, usize, f64)>);

    impl LanguageScorer for Table {
        fn name(&self) -> &'static str {
            "table"
        }
        fn context_tokens(&self) -> usize {
            4096
        }
        fn count_tokens(&self, text: &str) -> Result<usize, EmbedError> {
            Ok(text.len())
        }
        fn scores_continuations(&self) -> bool {
            false
        }
        fn continuations(&self, _: &str, _: &[&str]) -> Result<Vec<Likelihood>, EmbedError> {
            Err(EmbedError("not here".into()))
        }
        fn next_tokens(&self, prefix: &str, candidates: &[&str]) -> Result<Vec<f64>, EmbedError> {
            let (choice, lead) = self
                .0
                .iter()
                .find(|(reply, _, _)| prefix.contains(reply))
                .map_or((candidates.len() - 1, 0.0), |(_, c, l)| (*c, *l));
            Ok((0..candidates.len())
                .map(|i| if i == choice { 0.0 } else { -lead })
                .collect())
        }
        fn chat(&self, _: &str) -> Option<String> {
            None
        }
    }

    fn reply(text: &str, meant: Option<usize>) -> LabelledReply {
        LabelledReply {
            style: "test".into(),
            choices: ["4 GB", "2 GB", "8 GB", "512 MB"]
                .map(String::from)
                .to_vec(),
            reply: text.into(),
            meant,
        }
    }

    #[test]
    fn the_margin_sits_above_every_wrong_reading() {
        let unsure = "The Linux package needs 512 MB free. The 2 GB figure is for another package.";
        let undecided = "It is 4 GB or 8 GB, I cannot tell which.";
        let replies = vec![
            reply(unsure, Some(3)),
            reply(undecided, None),
            reply("B", Some(1)),
        ];
        // Right on the unsure reply with a lead of 4, wrong on the undecided one with 2.5.
        let model = Table(vec![
            (unsure, 3, 4.0),
            (undecided, 0, 2.5),
            ("\nB\n\"\"\"", 1, 3.0),
        ]);
        let check = check_reply_model(&model, &replies, 1, &mut |_, _| true)
            .unwrap()
            .unwrap();
        assert_eq!(check.asked, 3);
        assert_eq!(check.unsure, 1);
        assert!((check.highest_wrong_lead.unwrap() - 2.5).abs() < 1e-3);
        assert!((check.margin.unwrap() - 2.55).abs() < 1e-2);
        assert_eq!(check.unsure_read_right, 1);
        // Sure of a wrong reading beyond every right one: no margin helps.
        let model = Table(vec![(unsure, 3, 1.0), (undecided, 0, 2.5)]);
        let check = check_reply_model(&model, &replies, 1, &mut |_, _| true)
            .unwrap()
            .unwrap();
        assert_eq!(check.margin, None);
        // Stopped: nothing.
        let stopped = check_reply_model(&model, &replies, 1, &mut |k, _| k < 1).unwrap();
        assert_eq!(stopped, None);
    }

    #[test]
    fn the_built_in_set_is_read_whole() {
        let replies = labelled_replies();
        assert!(replies.len() >= 800, "{}", replies.len());
        assert!(replies.iter().any(|r| r.meant.is_none()));
        assert!(
            replies
                .iter()
                .all(|r| r.meant.is_none_or(|m| m < r.choices.len()))
        );
    }
}
