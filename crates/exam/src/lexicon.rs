//! Which parts of speech an English word can be, from WordNet 3.0 (METHODS.md §5): the offline
//! generator asks for whole noun phrases, and "exist", "efficient", "rather" or "refers" end
//! none. Built from the Debian package `wordnet-base` at compile time (build.rs) and embedded:
//! one-word lemmas with how often each part of speech was tagged in SemCor, the irregular forms,
//! and WordNet's own rules for regular ones ("files" → file, "using" → use, "easier" → easy).
//! Function words (determiners, prepositions, pronouns, modals) are not in WordNet.

use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::OnceLock;

static TEXT: &str = include_str!(concat!(env!("OUT_DIR"), "/lexicon.txt"));

/// The parts of speech a word can be: 0 where it cannot be that part, else one more than the
/// number of times a sense of that part was tagged in SemCor (how common that use is).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Parts {
    /// As a noun.
    pub noun: u32,
    /// As a verb.
    pub verb: u32,
    /// As an adjective.
    pub adjective: u32,
    /// As an adverb.
    pub adverb: u32,
    /// A noun's regular plural and no word of its own: "options", "files", "users" (not
    /// "graphics", "news" or "sales", which WordNet lists as they are). Inside a noun phrase a
    /// modifier is singular ("option menu"); a plural before another noun ends a phrase ("the
    /// options clip, clip1in and …" names options, it is no "options clip").
    pub plural: bool,
}

impl Parts {
    fn from_counts(counts: [u32; 4]) -> Self {
        Self {
            noun: counts[0],
            verb: counts[1],
            adjective: counts[2],
            adverb: counts[3],
            plural: false,
        }
    }

    fn get(&self, part: usize) -> u32 {
        [self.noun, self.verb, self.adjective, self.adverb][part]
    }

    fn set_max(&mut self, part: usize, count: u32) {
        let slot = match part {
            0 => &mut self.noun,
            1 => &mut self.verb,
            2 => &mut self.adjective,
            _ => &mut self.adverb,
        };
        *slot = (*slot).max(count);
    }

    /// It can be a noun.
    pub fn noun(&self) -> bool {
        self.noun > 0
    }

    /// It can be a verb (in this form: "refers", "using", "chosen").
    pub fn verb(&self) -> bool {
        self.verb > 0
    }

    /// It can be an adjective.
    pub fn adjective(&self) -> bool {
        self.adjective > 0
    }

    /// Used mostly as a verb: tagged as one at least five times as often as as a noun ("keep",
    /// "offer", "come"; not "file" or "change").
    pub fn mostly_verb(&self) -> bool {
        self.verb >= 5 * self.noun.max(1)
    }

    /// Used mostly as an adverb: never as a noun or an adjective, or tagged as an adverb at least
    /// five times as often as both ("somewhere": 31 to 1, "here", "together"; not "away", "back"
    /// or "today").
    pub fn mostly_adverb(&self) -> bool {
        self.adverb > 0 && self.adverb >= 5 * (self.noun + self.adjective)
    }

    /// Used mostly as an adjective: tagged as one at least three times as often as as a noun
    /// ("possible": 157 to 1, "private": 45 to 13); "right" is a noun as often.
    pub fn mostly_adjective(&self) -> bool {
        self.adjective >= 3 * self.noun.max(1)
    }
}

struct Lexicon {
    lemmas: HashMap<&'static str, [u32; 4]>,
    /// Irregular form → (part of speech, lemma).
    irregular: HashMap<&'static str, Vec<(usize, &'static str)>>,
}

fn lexicon() -> &'static Lexicon {
    static LEXICON: OnceLock<Lexicon> = OnceLock::new();
    LEXICON.get_or_init(|| {
        let mut lemmas = HashMap::with_capacity(90_000);
        let mut irregular: HashMap<&str, Vec<(usize, &str)>> = HashMap::new();
        for line in TEXT.lines() {
            let mut fields = line.split('\t');
            let Some(first) = fields.next() else { continue };
            if let Some(form) = first.strip_prefix('~') {
                let part = fields.next().and_then(|p| p.parse().ok());
                if let (Some(part), Some(lemma)) = (part, fields.next()) {
                    irregular.entry(form).or_default().push((part, lemma));
                }
            } else {
                let mut counts = [0; 4];
                for (slot, field) in counts.iter_mut().zip(fields) {
                    *slot = field.parse().unwrap_or(0);
                }
                lemmas.insert(first, counts);
            }
        }
        Lexicon { lemmas, irregular }
    })
}

/// WordNet's detachment rules per part of speech (noun, verb, adjective): suffix → ending.
const RULES: [&[(&str, &str)]; 3] = [
    &[
        ("s", ""),
        ("ses", "s"),
        ("xes", "x"),
        ("zes", "z"),
        ("ches", "ch"),
        ("shes", "sh"),
        ("men", "man"),
        ("ies", "y"),
    ],
    &[
        ("s", ""),
        ("ies", "y"),
        ("es", "e"),
        ("es", ""),
        ("ed", "e"),
        ("ed", ""),
        ("ing", "e"),
        ("ing", ""),
    ],
    &[("er", ""), ("est", ""), ("er", "e"), ("est", "e")],
];

/// The auxiliaries and modals in their finite forms ("is", "has", "does", "can", "cannot"),
/// which WordNet leaves out: after one comes a verb ("is kept", "might fail").
pub const AUXILIARIES: &[&str] = &[
    "is", "are", "was", "were", "has", "have", "had", "do", "does", "did", "can", "cannot",
    "could", "will", "would", "may", "might", "must", "should", "shall",
];

/// The other forms of "be" ("be", "been", "being"): auxiliaries too, but no verb of a clause of
/// their own.
pub const BE_FORMS: &[&str] = &["be", "been", "being"];

/// Whether a lower-case word is an auxiliary in any form ([`AUXILIARIES`], [`BE_FORMS`]).
pub fn is_auxiliary(lower: &str) -> bool {
    AUXILIARIES.contains(&lower) || BE_FORMS.contains(&lower)
}

/// The parts of speech `word` can be, in this form or as an inflection of a lemma; `None` when
/// WordNet does not know it (a name, a technical term, a function word). Case is ignored.
pub fn parts(word: &str) -> Option<Parts> {
    /// Words met before on this thread (a corpus repeats its words); cleared when it grows past
    /// a bound, so no input makes it grow without one.
    const REMEMBERED: usize = 50_000;
    thread_local! {
        static MET: RefCell<HashMap<String, Option<Parts>>> = RefCell::new(HashMap::new());
    }
    if let Some(found) = MET.with(|met| met.borrow().get(word).copied()) {
        return found;
    }
    let found = look_up(word);
    MET.with(|met| {
        let mut met = met.borrow_mut();
        if met.len() >= REMEMBERED {
            met.clear();
        }
        met.insert(word.to_owned(), found);
    });
    found
}

fn look_up(word: &str) -> Option<Parts> {
    let lower = word.to_ascii_lowercase();
    let lexicon = lexicon();
    let mut found = lexicon
        .lemmas
        .get(lower.as_str())
        .copied()
        .map(Parts::from_counts);
    let mut add = |part: usize, lemma: &str| {
        if let Some(counts) = lexicon.lemmas.get(lemma)
            && counts[part] > 0
        {
            found
                .get_or_insert_with(Parts::default)
                .set_max(part, counts[part]);
        }
    };
    for &(part, lemma) in lexicon.irregular.get(lower.as_str()).into_iter().flatten() {
        add(part, lemma);
    }
    let listed = lexicon.lemmas.contains_key(lower.as_str());
    let mut plural = false;
    for (part, rules) in RULES.iter().enumerate() {
        for (suffix, ending) in *rules {
            if let Some(stem) = lower.strip_suffix(suffix)
                && !stem.is_empty()
            {
                let lemma = format!("{stem}{ending}");
                plural |= part == 0
                    && !listed
                    && lexicon.lemmas.get(lemma.as_str()).is_some_and(|c| c[0] > 0);
                add(part, &lemma);
            }
        }
    }
    // Doubled consonants before -ed/-ing/-er ("stopped", "running", "bigger").
    for (part, suffix) in [(1, "ed"), (1, "ing"), (2, "er"), (2, "est")] {
        if let Some(stem) = lower.strip_suffix(suffix) {
            let bytes = stem.as_bytes();
            if bytes.len() >= 3 && bytes[bytes.len() - 1] == bytes[bytes.len() - 2] {
                add(part, &stem[..stem.len() - 1]);
            }
        }
    }
    if let Some(found) = found.as_mut() {
        found.plural = plural;
    }
    found.filter(|p| (0..4).any(|part| p.get(part) > 0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn knows_the_parts_of_common_words_and_their_forms() {
        let exist = parts("exist").expect("a verb");
        assert!(exist.verb() && !exist.noun() && !exist.adjective());
        let refers = parts("refers").expect("an inflected verb");
        assert!(refers.verb() && !refers.noun());
        let using = parts("using").expect("a present participle");
        assert!(using.verb() && using.mostly_verb());
        let files = parts("Files").expect("a plural and a third person");
        assert!(files.noun() && files.verb() && !files.mostly_verb());
        assert!(parts("keeps").expect("keep").mostly_verb());
        let efficient = parts("efficient").expect("an adjective");
        assert!(efficient.adjective() && !efficient.noun());
        assert!(parts("easier").expect("comparative").adjective());
        assert!(parts("possible").expect("adjective").mostly_adjective());
        assert!(!parts("right").expect("noun and more").mostly_adjective());
        let rather = parts("rather").expect("an adverb");
        assert!(rather.adverb > 0 && !rather.noun() && !rather.verb());
        assert!(parts("chosen").expect("irregular participle").verb());
        assert!(parts("stopped").expect("doubled consonant").verb());
        assert!(parts("graphics").expect("a noun").noun());
        assert!(!parts("graphics").expect("a noun").verb());
        let plural_only = |w: &str| parts(w).is_some_and(|p| p.plural);
        assert!(plural_only("options") && plural_only("Files") && plural_only("libraries"));
        assert!(!plural_only("graphics") && !plural_only("news") && !plural_only("option"));
        assert!(!plural_only("sqlite") && !plural_only("stores3"));
        // Names, technical words and function words are not in WordNet.
        assert_eq!(parts("sqlite"), None);
        assert_eq!(parts("the"), None);
    }
}
