//! The order in which passages get questions: topics in turn, each in proportion to its weight
//! (its share of the corpus, or equal shares), so that any number of questions taken from the
//! front covers the corpus.

use super::SourceChunk;
use super::parse::text_hash;
use proctor_stats::SplitMix64;
use std::collections::BTreeMap;

/// Merges queues by stride scheduling: the next item comes from the queue furthest behind its
/// weight's share (ties to the first queue), each queue in its own order.
pub fn interleave<T>(queues: Vec<(f64, Vec<T>)>) -> Vec<T> {
    let mut weights = Vec::with_capacity(queues.len());
    let mut items = Vec::with_capacity(queues.len());
    for (weight, queue) in queues {
        weights.push(weight.max(f64::MIN_POSITIVE));
        items.push(queue.into_iter());
    }
    let mut taken = vec![0usize; items.len()];
    let mut left: Vec<bool> = vec![true; items.len()];
    let mut out = Vec::new();
    loop {
        #[expect(clippy::cast_precision_loss, reason = "counts far below 2^52")]
        let next = (0..items.len()).filter(|&i| left[i]).min_by(|&a, &b| {
            let pass = |i: usize| (taken[i] + 1) as f64 / weights[i];
            pass(a).total_cmp(&pass(b)).then(a.cmp(&b))
        });
        let Some(i) = next else { break };
        match items[i].next() {
            Some(item) => {
                out.push(item);
                taken[i] += 1;
            }
            None => left[i] = false,
        }
    }
    out
}

/// Every chunk once, topics in turn by their share of the chunks (or equally), the chunks of a
/// topic in an order drawn from `seed`.
pub fn chunks_in_turn(chunks: &[SourceChunk<'_>], seed: u64, equal_topics: bool) -> Vec<i64> {
    let mut by_topic: BTreeMap<Option<&str>, Vec<i64>> = BTreeMap::new();
    for c in chunks {
        by_topic.entry(c.topic).or_default().push(c.id);
    }
    let queues = by_topic
        .into_iter()
        .map(|(topic, mut ids)| {
            let mut rng = SplitMix64::new(seed ^ text_hash(topic.unwrap_or("")));
            for i in (1..ids.len()).rev() {
                ids.swap(i, rng.below(i + 1));
            }
            #[expect(clippy::cast_precision_loss, reason = "chunk counts far below 2^52")]
            let weight = if equal_topics { 1.0 } else { ids.len() as f64 };
            (weight, ids)
        })
        .collect();
    interleave(queues)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn queues_take_turns_by_weight_until_each_runs_out() {
        let merged = interleave(vec![
            (2.0, vec!["a1", "a2", "a3", "a4"]),
            (1.0, vec!["b1", "b2"]),
        ]);
        assert_eq!(merged, ["a1", "a2", "b1", "a3", "a4", "b2"]);
        assert_eq!(interleave::<u8>(Vec::new()), Vec::<u8>::new());
    }
}
