// Generated from the use-case table in crates/api/src/workbench/table.rs by
// crates/api/src/workbench/bindings.rs: every type the use cases take or answer.
// Do not edit: run `UPDATE_BINDINGS=1 cargo test -p proctor-api bindings` instead.

export type AdaptiveAsking = { 
/**
 * Stop once the ability's standard error is at most this (0: only the count stops it).
 */
target_se: number, 
/**
 * Stop after this many questions, counting those the system answered before.
 */
max_questions: number, 
/**
 * Take the topics in turn.
 */
balance_topics: boolean, };

export type AdaptiveEstimate = { 
/**
 * Questions whose answers the estimate rests on (this run's and earlier ones).
 */
used: number, 
/**
 * The exam's questions.
 */
questions: number, 
/**
 * θ̂ (EAP on the calibration's scale).
 */
ability: number, 
/**
 * Its posterior standard deviation.
 */
standard_error: number, 
/**
 * The predicted share right on the whole exam.
 */
predicted: number, 
/**
 * Lower end of its 95% interval.
 */
low: number, 
/**
 * Upper end.
 */
high: number, 
/**
 * The systems whose answers calibrated the questions.
 */
calibrated_on: number, };

export type AddModelRequest = { 
/**
 * The name to give it (lower-case letters, digits, '.', '-', '_').
 */
name: string, 
/**
 * "embedder", "pair-scorer" (cross-encoder or NLI), "extractive-qa" or "llm".
 */
role: string, 
/**
 * In the user's words.
 */
description: string, 
/**
 * The ONNX file, or a language model's GGUF file (empty for an endpoint).
 */
model: string, 
/**
 * Its tokenizer.json (empty for a language model).
 */
tokenizer: string, 
/**
 * For an NLI model: which logit is "entailment" (counting from 0).
 */
label: number | null, 
/**
 * For a language model behind an OpenAI-compatible endpoint: how to reach it.
 */
endpoint: EndpointRequest | null, };

export type AgreementPoint = { 
/**
 * The system.
 */
system: string, 
/**
 * Its score on Proctor's leaderboard.
 */
proctor: number, 
/**
 * Its score on the other.
 */
other: number, };

export type AnswerSheet = { 
/**
 * The system.
 */
system: string, 
/**
 * The version.
 */
exam: ExamVersion, 
/**
 * Whether it sat the version in EXAM mode (a reader over its articles).
 */
exam_mode: boolean, 
/**
 * Whether it is an endpoint system (its rows open the request and reply behind them).
 */
endpoint: boolean, 
/**
 * One row per question, in exam order.
 */
rows: Array<SheetRow>, };

export type AnswerSimilarity = "recall" | "jaccard";

export type AnswerVerdict = "right" | "wrong" | "unanswered" | "needs_look" | "error" | "missing";

export type ApiError = { 
/**
 * What kind of failure.
 */
code: ErrorCode, 
/**
 * What went wrong and where, in plain words.
 */
message: string, };

export type ArticleBuilder = "passage_match" | "mmr" | "overlap";

export type ArticlePiece = { 
/**
 * The text, white space and punctuation included.
 */
text: string, 
/**
 * Nuggets this word belongs to.
 */
nuggets: Array<number>, };

export type Attribution = { 
/**
 * Human ✗: the answering component fails even on the human rewrite.
 */
answering_errors: number, 
/**
 * Human ✓, Rewritten ✗: the rewriting component lost what the human kept.
 */
rewriting_errors: number, 
/**
 * Human ✓, Rewritten ✓, Original ✗: answered thanks to rewriting.
 */
rewriting_needed: number, 
/**
 * Human ✓, Rewritten ✓, Original ✓: answered without rewriting.
 */
rewriting_not_needed: number, 
/**
 * 002's eq. 1: of the samples answered from the human rewrite (those the annotators left
 * unchanged set aside), the share answered from the original question too.
 */
answerable_without_rewriting: number | null, };

export type Bar = { 
/**
 * The system.
 */
label: string, 
/**
 * The share (0–1).
 */
value: number, 
/**
 * The interval's lower end.
 */
low: number, 
/**
 * The interval's upper end.
 */
high: number, 
/**
 * The reader's ceiling (its accuracy with the oracle passage), drawn as a triangle.
 */
ceiling: number | null, 
/**
 * A reference pipeline rather than one of the analyst's systems: drawn in its own, paler
 * colour.
 */
reference: boolean, };

export type Bars = { 
/**
 * The chart's title.
 */
title: string, 
/**
 * A line under the title (a verdict, a note), if any.
 */
subtitle: string | null, 
/**
 * The value axis's label, with its unit.
 */
axis: string, 
/**
 * The top of the value axis, a share (none: 100%); every value is at most this.
 */
top: number | null, 
/**
 * The groups, left to right.
 */
categories: Array<string>, 
/**
 * How many questions each group has (shown under its name).
 */
items: Array<number>, 
/**
 * The systems, one bar each per group.
 */
series: Array<Series>, };

export type BiasBaselines = { 
/**
 * Each fixed position.
 */
positions: Array<PositionBaseline>, 
/**
 * The best fixed position.
 */
best_position: PositionBaseline, 
/**
 * Always the longest choice.
 */
longest_choice: number, };

export type BoardCorrelation = { 
/**
 * The other leaderboard ("MAP", "board.csv", …).
 */
against: string, 
/**
 * Each system on both: Proctor's score and the other's.
 */
points: Array<AgreementPoint>, 
/**
 * Systems on both.
 */
systems: number, 
/**
 * Kendall's τ-b and its p-value.
 */
kendall: number, 
/**
 * p-value of τ.
 */
kendall_p: number, 
/**
 * Spearman's ρ.
 */
spearman: number, 
/**
 * p-value of ρ.
 */
spearman_p: number, 
/**
 * Pearson's r.
 */
pearson: number, 
/**
 * p-value of r.
 */
pearson_p: number, 
/**
 * τ with ties within noise broken at random: mean of the repeats.
 */
kendall_ties_broken: number, 
/**
 * … and its sd.
 */
kendall_ties_broken_sd: number, 
/**
 * ρ with ties within noise broken at random: mean.
 */
spearman_ties_broken: number, 
/**
 * … and its sd.
 */
spearman_ties_broken_sd: number, 
/**
 * Number of random tie-breaks (seeded).
 */
repeats: number, };

export type Budget = { 
/**
 * HTTP requests sent (retries count).
 */
max_requests: number, 
/**
 * Tokens used (prompt and completion), as the endpoint reports them.
 */
max_tokens: number, 
/**
 * Cost, at the endpoint's price.
 */
max_cost: number, };

export type BuildArticlesReport = { 
/**
 * The system that holds the articles.
 */
system: string, 
/**
 * Articles written (one per query).
 */
articles: number, 
/**
 * Their mean length in non-whitespace characters.
 */
mean_length: number, };

export type BuildArticlesRequest = { 
/**
 * The exam whose queries get articles (default: the newest).
 */
exam: string | null, 
/**
 * How sentences are chosen.
 */
builder: ArticleBuilder, 
/**
 * MMR's weight of redundancy, 0 (none) to 1.
 */
lambda: number, 
/**
 * Length of each article in non-whitespace characters.
 */
quota: number, 
/**
 * The system's name (default: from the builder).
 */
name: string | null, 
/**
 * Semantic overlap: a synonym list (CSV/TSV/XLSX/JSON with columns word, synonym and
 * optionally similarity) whose synonyms count as the word.
 */
synonyms: string | null, 
/**
 * Semantic overlap: also count the candidates' words whose embedding has at least this
 * cosine with a query word (needs the local embedder; 0.6 is a sensible start).
 */
embedding_variants: number | null, 
/**
 * The models folder (default: `PROCTOR_MODELS`, else ~/.local/share/proctor/models).
 */
models: string | null, 
/**
 * Use the int8 embedder.
 */
int8: boolean, 
/**
 * Threads ONNX Runtime may use for one model run (0: its default, all cores).
 */
threads: number, };

export type CandidateEdit = { 
/**
 * When (UTC, ISO 8601).
 */
at: string, 
/**
 * The stem before.
 */
stem_before: string, 
/**
 * The choices before.
 */
choices_before: Array<string>, 
/**
 * The key before.
 */
key_before: number, 
/**
 * The stem after.
 */
stem_after: string, 
/**
 * The choices after.
 */
choices_after: Array<string>, 
/**
 * The key after.
 */
key_after: number, };

export type CandidateStatus = "unparsed" | "pending" | "accepted" | "rejected";

export type CatCheck = { 
/**
 * What was asked.
 */
request: CatCheckRequest, 
/**
 * The IRT setting the questions were calibrated with.
 */
settings: IrtSettings, 
/**
 * Active questions of the exam.
 */
questions: number, 
/**
 * Systems of the group checked left out because they have errors (missing answers) —
 * they cannot be checked.
 */
skipped: Array<string>, 
/**
 * The systems that sat the exam (each calibrates the questions for the others).
 */
calibrating: number, 
/**
 * One row per system checked.
 */
rows: Array<CatCheckRow>, 
/**
 * Mean |predicted − actual| of the adaptive exams.
 */
mean_error: number, 
/**
 * Mean error of the random subsets.
 */
mean_random_error: number, 
/**
 * The same means for each group among the systems checked (the reference pipelines, the
 * systems being judged), in that order.
 */
groups: Array<CatGroupErrors>, 
/**
 * Share of the actual accuracies inside their predicted 95% interval.
 */
coverage: number, 
/**
 * Whether the adaptive exams' errors differ from the random subsets' for real: the
 * paired randomisation test over the systems checked (METHODS.md §9's test for per-unit
 * scores); None with fewer than two systems.
 */
verdict: Verdict | null, 
/**
 * The errors as the page draws them (adaptive against random, per system).
 */
chart: Chart, };

export type CatCheckRequest = { 
/**
 * The exam (default: the one on view).
 */
exam: string | null, 
/**
 * The share of the questions each adaptive exam asks (0.5: half).
 */
share: number, 
/**
 * Take the topics in turn (each topic asked about as often as the others).
 */
balance_topics: boolean, 
/**
 * Pass over a question already shown to at least this share of the systems examined
 * before, while another is left (catsim's `r_max`; None: no limit).
 */
max_exposure: number | null, 
/**
 * Check only this group's systems — the reference pipelines, or the systems being
 * judged (None: every system). Each is calibrated on every other system either way.
 */
group: SystemGroup | null, };

export type CatCheckRow = { 
/**
 * The system.
 */
system: string, 
/**
 * Its group.
 */
group: SystemGroup, 
/**
 * Questions the adaptive exam asked.
 */
used: number, 
/**
 * Its ability θ̂ after them, with its posterior sd.
 */
ability: number, 
/**
 * The sd.
 */
standard_error: number, 
/**
 * Its predicted accuracy on the whole exam.
 */
predicted: number, 
/**
 * The 95% interval of the prediction.
 */
low: number, 
/**
 * Its upper end.
 */
high: number, 
/**
 * Its actual accuracy on the whole exam.
 */
actual: number, 
/**
 * The mean error of random subsets of as many questions (50 draws, seeded).
 */
random_error: number, };

export type CatGroupErrors = { 
/**
 * The group.
 */
group: SystemGroup, 
/**
 * Its systems checked.
 */
systems: number, 
/**
 * Mean |predicted − actual| of their adaptive exams.
 */
mean_error: number, 
/**
 * Mean error of their random subsets.
 */
mean_random_error: number, };

export type CategoryCell = { 
/**
 * Right answers in the category.
 */
correct: number, 
/**
 * Questions in the category.
 */
questions: number, 
/**
 * correct / questions.
 */
accuracy: number | null, };

export type CategoryRow = { 
/**
 * The category.
 */
category: string, 
/**
 * Active questions in it.
 */
items: number, 
/**
 * One cell per system, in leaderboard order.
 */
cells: Array<CategoryCell>, };

export type CategoryTable = { 
/**
 * Column headings: systems in leaderboard order.
 */
systems: Array<string>, 
/**
 * One row per category.
 */
rows: Array<CategoryRow>, };

export type Chart = { "kind": "leaderboard" } & Leaderboard | { "kind": "radar" } & Radar | { "kind": "bars" } & Bars | { "kind": "lines" } & Lines | { "kind": "scatter" } & Scatter;

export type ChartRequest = { 
/**
 * Which chart.
 */
chart: ChartSpec, 
/**
 * Which format.
 */
format: ImageFormat, };

export type ChartSpec = { "kind": "leaderboard" } | { "kind": "topics", 
/**
 * The systems drawn.
 */
systems: Array<string>, } | { "kind": "bloom", 
/**
 * The systems drawn.
 */
systems: Array<string>, } | { "kind": "question_types", 
/**
 * The systems drawn.
 */
systems: Array<string>, } | { "kind": "compare", 
/**
 * The first system.
 */
first: string, 
/**
 * The second system.
 */
second: string, } | { "kind": "item_curves", 
/**
 * The questions' ids.
 */
questions: Array<string>, } | { "kind": "information" } | { "kind": "improvement" } | { "kind": "agreement", 
/**
 * The leaderboards to correlate with.
 */
request: CorrelateRequest, 
/**
 * Which of them (default: the first).
 */
against: string | null, } | { "kind": "adaptive", 
/**
 * The check.
 */
request: CatCheckRequest, };

export type ChunkUnit = "paragraph" | "sentence";

export type Chunking = { 
/**
 * Largest chunk, in characters.
 */
size: number, 
/**
 * Characters repeated from the end of one chunk at the start of the next.
 */
overlap: number, 
/**
 * The units chunks are packed from.
 */
unit: ChunkUnit, };

export type CompareRequest = { 
/**
 * The exam (default: the newest).
 */
exam: string | null, 
/**
 * The first system's name.
 */
first: string, 
/**
 * The second system's name.
 */
second: string, };

export type ComparedQuestions = { 
/**
 * Right for both.
 */
both: Array<string>, 
/**
 * Right for the first only.
 */
only_first: Array<string>, 
/**
 * Right for the second only.
 */
only_second: Array<string>, 
/**
 * Right for neither.
 */
neither: Array<string>, };

export type Comparison = { 
/**
 * The first system.
 */
first: string, 
/**
 * The second system.
 */
second: string, 
/**
 * Questions compared: every active question (errors and unanswered are not right).
 */
pairs: number, 
/**
 * Right for both.
 */
both: number, 
/**
 * Right for the first only.
 */
only_first: number, 
/**
 * Right for the second only.
 */
only_second: number, 
/**
 * Right for neither.
 */
neither: number, 
/**
 * The ids of the questions behind each count.
 */
questions: ComparedQuestions, 
/**
 * The first's accuracy on these questions.
 */
first_accuracy: number, 
/**
 * The second's accuracy on these questions.
 */
second_accuracy: number, 
/**
 * first − second, in accuracy.
 */
difference: number, 
/**
 * Lower end of the 95% paired bootstrap interval of the difference (its size).
 */
low: number, 
/**
 * Upper end of that interval.
 */
high: number, 
/**
 * Resamples drawn.
 */
resamples: number, 
/**
 * Their seed: the same data always gives the same interval.
 */
seed: number, 
/**
 * Whether the interval excludes 0.
 */
excludes_zero: boolean, 
/**
 * The verdict on accuracy: exact McNemar, Holm over the family.
 */
verdict: Verdict, 
/**
 * The verdict on the EXAM score, when both systems sat in EXAM mode: paired randomisation
 * over queries, Holm over the same family.
 */
exam_verdict: Verdict | null, 
/**
 * Secondary: two-sided p-value of Wilcoxon's signed-rank test over the questions.
 */
wilcoxon_p: number, 
/**
 * Secondary: two-sided p-value of the paired t-test (None when the differences do not vary).
 */
t_test_p: number | null, };

export type CorrelateRequest = { 
/**
 * The exam (default: the newest).
 */
exam: string | null, 
/**
 * Proctor's side.
 */
metric: LeaderboardMetric, 
/**
 * A leaderboard file (system, score, optional standard_error).
 */
leaderboard: string | null, 
/**
 * A TREC qrels file, for the runs.
 */
qrels: string | null, 
/**
 * TREC run files, one per system (named by its tag, or else by the file's name).
 */
runs: Array<string>, };

export type CorrelationReport = { 
/**
 * Proctor's side.
 */
metric: LeaderboardMetric, 
/**
 * Official measures of the runs, when runs were given.
 */
trec: Array<TrecScores>, 
/**
 * One row per other leaderboard.
 */
correlations: Array<BoardCorrelation>, 
/**
 * Systems on only one side, left out of the correlations.
 */
left_out: Array<string>, 
/**
 * Other leaderboards on which every system scores the same, so no correlation exists.
 */
constant: Array<string>, };

export type Counts = { 
/**
 * Documents of the corpus.
 */
documents: number, 
/**
 * Topics.
 */
topics: number, 
/**
 * Exams.
 */
exams: number, 
/**
 * Questions over all exam versions.
 */
questions: number, 
/**
 * Systems.
 */
systems: number, 
/**
 * Runs (sittings).
 */
runs: number, 
/**
 * Responses.
 */
responses: number, 
/**
 * Articles (EXAM mode).
 */
articles: number, 
/**
 * Gold articles.
 */
gold_articles: number, 
/**
 * Reference nuggets.
 */
nuggets: number, 
/**
 * Samples asked in several formulations.
 */
formulation_samples: number, };

export type DeletedSystemInfo = { 
/**
 * Its name.
 */
name: string, 
/**
 * Answers that went with it.
 */
responses: number, };

export type DocumentInfo = { 
/**
 * Its number in the project.
 */
id: number, 
/**
 * Its name (the file's).
 */
name: string, 
/**
 * Its topic, if any.
 */
topic: string | null, 
/**
 * The format it was read from (pdf, docx, html, md, txt…).
 */
format: string, 
/**
 * Characters of extracted text.
 */
chars: number, 
/**
 * Chunks it was split into (0 until the corpus is prepared).
 */
chunks: number, 
/**
 * Lines set aside when it was imported: its navigation, the lines repeated on most pages,
 * a PDF's running headers and page numbers.
 */
set_aside: number, };

export type DocumentRef = { 
/**
 * Its number.
 */
id: number, };

export type DocumentView = { 
/**
 * What the table shows of it.
 */
info: DocumentInfo, 
/**
 * The text Proctor extracted (what chunking, search and readers see).
 */
text: string, };

export type DocumentsOverview = { 
/**
 * The documents, in import order.
 */
documents: Array<DocumentInfo>, 
/**
 * Every topic name, sorted.
 */
topics: Array<string>, };

export type DocumentsTopic = { 
/**
 * The documents, by number.
 */
documents: Array<number>, 
/**
 * The topic (an existing one's name, or a new one); none takes them out of any topic.
 */
topic: string | null, };

export type DraftChange = { 
/**
 * The draft, now on view.
 */
draft: ExamVersion, 
/**
 * The question changed (its id).
 */
question: string, 
/**
 * What happened, in a sentence.
 */
message: string, };

export type EndpointRequest = { 
/**
 * The API's base address up to its version, e.g. `http://127.0.0.1:11434/v1`.
 */
url: string, 
/**
 * The model the server is asked for.
 */
model: string, 
/**
 * The environment variable that holds the API key. The key itself is never stored.
 */
key_env: string | null, 
/**
 * Or the OS keychain entry that holds it (save it there with `save_secret`); with neither,
 * no key is sent.
 */
key_keychain: string | null, 
/**
 * Seconds one request may take (1–600).
 */
timeout_seconds: number, 
/**
 * Questions asked at once (1–16).
 */
concurrency: number, 
/**
 * Tokens the model reads at once; passages are cut to fit (512 and up).
 */
context_tokens: number, };

export type EndpointRunReport = { 
/**
 * The exam version.
 */
exam: ExamVersion, 
/**
 * Per system.
 */
sittings: Array<EndpointSitting>, 
/**
 * Why the run stopped early, if it did (the first system that halted).
 */
halted: string | null, };

export type EndpointRunRequest = { 
/**
 * The systems (empty: every endpoint system).
 */
systems: Array<string>, 
/**
 * The exam (default: the exam on view).
 */
exam: string | null, 
/**
 * Where the run stops of its own accord, over all its systems.
 */
budget: Budget, 
/**
 * Ask the questions that ended in an error again.
 */
retry_errors: boolean, 
/**
 * Only these questions (ids), asked again even when answered; empty: every question not
 * yet answered.
 */
questions: Array<string>, 
/**
 * Forget the systems' answers on this exam and ask everything again.
 */
restart: boolean, 
/**
 * EXAM mode: how the fetched articles are graded (none: fetch only).
 */
grading: ReadArticlesRequest | null, 
/**
 * Ask each system only the questions that tell the most about it (an adaptive exam,
 * METHODS.md §11); none: every question.
 */
adaptive: AdaptiveAsking | null, 
/**
 * A language model the user added and checked as a reply reader, to read the replies
 * the rules leave unsure (default: none; they need a look).
 */
reply_model: string | null, };

export type EndpointSitting = { 
/**
 * The system.
 */
system: string, 
/**
 * Questions (or queries) asked now: answered + no answer + needs a look + errors.
 */
asked: number, 
/**
 * Of which answered: a reply read as a choice, or an article.
 */
answered: number, 
/**
 * Of which the reply gave no answer (empty, or "I don't know").
 */
no_answer: number, 
/**
 * Of which the reply could not be read as one choice: a person should read it.
 */
needs_look: number, 
/**
 * Of the answered, replies that name no choice read by meaning (the embedder).
 */
by_meaning: number, 
/**
 * Of the answered, replies the rules left unsure that the chosen language model read.
 */
by_model: number, 
/**
 * What the run says of how its replies were read (by meaning, by the model, left for a
 * look for want of the embedder).
 */
notes: Array<string>, 
/**
 * Of which ended in an error.
 */
errors: number, 
/**
 * An open-answer sitting: how the reader graded the free answers, and its ceiling.
 */
open: string | null, 
/**
 * Answered before this run (skipped).
 */
before: number, 
/**
 * HTTP requests sent (retries included).
 */
requests: number, 
/**
 * Why it stopped early (breaker, budget), if it did.
 */
halted: string | null, 
/**
 * An adaptive sitting's estimate (none when every question is asked).
 */
adaptive: AdaptiveEstimate | null, };

export type EndpointSystem = { 
/**
 * The system's name.
 */
name: string, 
/**
 * How to ask it and read its replies.
 */
spec: VendorSpec, };

export type EndpointView = { 
/**
 * The system's name.
 */
name: string, 
/**
 * Its configuration (no secret: headers name where theirs are read).
 */
spec: VendorSpec, 
/**
 * Its secret headers and whether their values can be read now.
 */
secrets: Array<SecretHeader>, };

export type ErrorCode = "invalid_input" | "not_found" | "conflict" | "no_project" | "unauthorized" | "forbidden" | "internal" | "cancelled" | "models_missing";

export type EvidenceItem = { 
/**
 * Its id (a chunk's or document's), when the endpoint gives one.
 */
id: string | null, 
/**
 * Its text.
 */
text: string, };

export type ExamAgreement = { 
/**
 * The exam graded.
 */
exam: string, 
/**
 * EXAM-mode systems, best EXAM first.
 */
rows: Array<ExamAgreementRow>, 
/**
 * The gold articles' EXAM score.
 */
gold: ExamScore | null, 
/**
 * Gold articles in the project for the exam's queries.
 */
gold_queries: number, 
/**
 * The agreement of the ROUGE-1 leaderboard with the EXAM one (Kendall, Spearman, with
 * ties within noise broken at random); None with fewer than three systems or no gold.
 */
agreement: BoardCorrelation | null, 
/**
 * Why there is no agreement, in plain words.
 */
note: string | null, };

export type ExamAgreementRow = { 
/**
 * The system.
 */
system: string, 
/**
 * Its EXAM score (with n-EXAM and whether it is comparable to gold).
 */
exam: ExamScore, 
/**
 * Its rank by EXAM (1 = best).
 */
exam_rank: number, 
/**
 * Its rank by ROUGE-1 F1 (1 = best); None without gold articles.
 */
rouge_rank: number | null, };

export type ExamFileFormat = "csv" | "json" | "auto_rag_eval" | "vendor_csv" | "vendor_jsonl";

export type ExamRef = { 
/**
 * The exam's name.
 */
exam: string | null, };

export type ExamScore = { 
/**
 * Mean over queries of the share of the query's questions the reader got right.
 */
exam: number, 
/**
 * Standard error over queries.
 */
standard_error: number, 
/**
 * Queries in the bank.
 */
queries: number, 
/**
 * Queries without an article (scored 0).
 */
skipped_queries: number, 
/**
 * EXAM relative to the gold articles; can exceed 1.
 */
n_exam: number | null, 
/**
 * Whether EXAM is within one standard error of the gold articles' EXAM.
 */
comparable_to_gold: boolean | null, 
/**
 * ROUGE-1 F1 of the articles against the gold articles (000's baseline): mean over the
 * queries with a gold article, a query without the system's article scoring 0; None
 * without gold articles (and for the gold articles themselves).
 */
rouge1: number | null, 
/**
 * Its standard error over those queries.
 */
rouge1_standard_error: number | null, };

export type ExamVersion = { 
/**
 * The exam's name.
 */
exam: string, 
/**
 * Version number, from 1.
 */
version: number, 
/**
 * Frozen versions never change; systems sit frozen versions.
 */
frozen: boolean, 
/**
 * Number of questions.
 */
questions: number, };

export type ExchangeRef = { 
/**
 * The system.
 */
system: string, 
/**
 * The question's id.
 */
question: string, };

export type ExchangeView = { 
/**
 * The system.
 */
system: string, 
/**
 * The question's id.
 */
question: string, 
/**
 * The request as sent, secrets masked.
 */
request: string, 
/**
 * The HTTP status of the last attempt.
 */
status: number | null, 
/**
 * The raw reply as stored (capped at 64 KiB).
 */
reply: string | null, 
/**
 * Its full size in bytes.
 */
reply_bytes: number, 
/**
 * The last attempt's time, ms.
 */
latency_ms: number, 
/**
 * With retries and waits, ms.
 */
total_ms: number, 
/**
 * Attempts made.
 */
attempts: number, 
/**
 * Why it failed, if it did.
 */
error: string | null, 
/**
 * The evidence returned.
 */
evidence: Array<EvidenceItem>, 
/**
 * Whether the question's source passage is in the evidence (METHODS §12), when both
 * are known.
 */
source_in_evidence: boolean | null, 
/**
 * Prompt tokens.
 */
prompt_tokens: number | null, 
/**
 * Completion tokens.
 */
completion_tokens: number | null, };

export type ExportRequest = { 
/**
 * The exam (default: the one on view).
 */
exam: string | null, 
/**
 * The version (default: the one on view, else the newest).
 */
version: number | null, 
/**
 * The format.
 */
format: ExamFileFormat, };

export type ExportedExam = { 
/**
 * A file name for it.
 */
file_name: string, 
/**
 * Its content.
 */
content: string, 
/**
 * Questions written (retired questions are left out).
 */
questions: number, };

export type Factor = { 
/**
 * The factor ("llm", "retriever", …).
 */
name: string, 
/**
 * Its level for this system.
 */
level: string, };

export type FileContent = { 
/**
 * A file name for it.
 */
file_name: string, 
/**
 * Its media type.
 */
mime: string, 
/**
 * Whether `content` is base64 (a PNG, a workbook) rather than text (an SVG, a CSV).
 */
base64: boolean, 
/**
 * The file's content.
 */
content: string, };

export type FilterFlag = { 
/**
 * The check, as a stable code ("duplicate", "choices_alike_in_meaning"…).
 */
code: string, 
/**
 * The check in words.
 */
label: string, 
/**
 * What it measured.
 */
value: number | null, 
/**
 * The threshold that value passed.
 */
threshold: number | null, 
/**
 * The phrase pointing at the source, or the question it repeats.
 */
detail: string | null, };

export type FilterThresholds = { 
/**
 * The share of questions each check sets aside.
 */
share: number, 
/**
 * A distractor's multiset Jaccard with the source above the key's by more than this.
 */
distractor_words: number, 
/**
 * A distractor's cosine with the source above the key's by more than this.
 */
distractor_meaning: number, 
/**
 * The largest n-gram Jaccard between key and distractor above this.
 */
alike_words: number, 
/**
 * The largest cosine between key and distractor above this.
 */
alike_meaning: number, };

export type FitResponsesRequest = { 
/**
 * The file: wide CSV/TSV (a subject per row, an item per column), long CSV/TSV/JSONL
 * (subject, item, response) or py-irt's JSONL.
 */
path: string, 
/**
 * Model, estimation method and preset.
 */
settings: IrtSettings, 
/**
 * Whether to compute the items' standard errors (marginal fits: two E-steps per
 * parameter, and never beyond 600 free parameters).
 */
standard_errors: boolean, };

export type FormulationBreakdown = { 
/**
 * The formulations in table order (Original, Rewritten, Human when so named).
 */
formulations: Array<string>, 
/**
 * Samples.
 */
samples: number, 
/**
 * The threshold used.
 */
threshold: number, 
/**
 * Mean score under each formulation, in the same order.
 */
means: Array<number>, 
/**
 * Every pattern (2^formulations rows, ✗…✗ first).
 */
patterns: Array<FormulationPattern>, 
/**
 * Samples whose human rewrite equals the original question (None without both).
 */
unchanged: number | null, 
/**
 * Error attribution (three formulations named Original, Rewritten and Human).
 */
attribution: Attribution | null, 
/**
 * What each share of the sweep is.
 */
sweep_labels: Array<string>, 
/**
 * The shares at thresholds 0, 0.02, …, 1.
 */
sweep: Array<FormulationSweepPoint>, 
/**
 * Question against answer similarity (when the file gives answers).
 */
scatter: SimilarityScatter | null, 
/**
 * What is missing or assumed, in plain words.
 */
notes: Array<string>, };

export type FormulationPattern = { 
/**
 * Answered (✓) or not (✗) under each formulation, in [`FormulationBreakdown::formulations`]
 * order.
 */
answered: Array<boolean>, 
/**
 * Samples with this pattern.
 */
count: number, 
/**
 * … of which the human rewrite is the original question unchanged.
 */
unchanged: number, 
/**
 * The samples' ids.
 */
samples: Array<string>, };

export type FormulationRequest = { 
/**
 * A sample is answered under a formulation when its score is at least this.
 */
threshold: number, 
/**
 * How answer sets are compared in the scatter.
 */
similarity: AnswerSimilarity, };

export type FormulationSweepPoint = { 
/**
 * The threshold.
 */
threshold: number, 
/**
 * One share per [`FormulationBreakdown::sweep_labels`] entry; they sum to 1.
 */
shares: Array<number>, };

export type FreezeReport = { 
/**
 * The version now frozen (and on view).
 */
version: ExamVersion, 
/**
 * Answers carried over from the version before, over all sittings.
 */
carried: number, 
/**
 * Sittings carried over.
 */
sittings: number, 
/**
 * Questions every carried-over system still has to answer.
 */
to_answer: number, };

export type GenerateRequest = { 
/**
 * The exam they are for (default: the exam on view; a new exam of this name is created).
 */
exam: string | null, 
/**
 * The generator.
 */
generator: GeneratorKind, 
/**
 * The language model (a GGUF file or endpoint added on the models page, by name; default:
 * the one set-up installs).
 */
model: string | null, 
/**
 * Let a model too small to write questions try anyway.
 */
allow_small: boolean, 
/**
 * How many questions to write (with `per_topic`: for each topic).
 */
count: number, 
/**
 * Write `count` questions for every topic instead of sharing them by the topics' size.
 */
per_topic: boolean, 
/**
 * The seed (default 1): the same seed writes the same questions.
 */
seed: number | null, 
/**
 * The share of questions each distractor filter sets aside (default 0.05).
 */
share: number | null, 
/**
 * Aim: at most this share of the passing questions answered by a keyword lookup; the
 * last-written lookups above it are set aside (default: no aim, lookups only counted).
 */
max_lookup: number | null, 
/**
 * The models folder (default: `PROCTOR_MODELS`, else ~/.local/share/proctor/models).
 */
models: string | null, 
/**
 * Use the int8 embedder (as the corpus was prepared with it).
 */
int8: boolean, };

export type GeneratedDetail = { 
/**
 * The question.
 */
question: GeneratedQuestion, 
/**
 * The source passage before the highlighted part.
 */
source_before: string, 
/**
 * The part of the source the question was written from (the sentence).
 */
source_highlight: string, 
/**
 * The rest of the source passage.
 */
source_after: string, 
/**
 * The generator's output as received.
 */
raw: string | null, 
/**
 * The reviewer's edits, oldest first.
 */
edits: Array<CandidateEdit>, 
/**
 * Who wrote it, with what.
 */
provenance: Provenance, };

export type GeneratedEdit = { 
/**
 * The exam (default: the exam on view).
 */
exam: string | null, 
/**
 * Its number in the queue.
 */
id: number, 
/**
 * The new stem.
 */
stem: string, 
/**
 * The new choices.
 */
choices: Array<string>, 
/**
 * The new key.
 */
key: number, };

export type GeneratedExam = { 
/**
 * The exam.
 */
exam: string, 
/**
 * Every generated question, in the order written.
 */
questions: Array<GeneratedQuestion>, 
/**
 * Their quality.
 */
quality: GenerationQuality, 
/**
 * The generations, oldest first.
 */
generations: Array<GenerationInfo>, };

export type GeneratedQuestion = { 
/**
 * Its number in the queue.
 */
id: number, 
/**
 * Where it stands.
 */
status: CandidateStatus, 
/**
 * The question (None when unparsed).
 */
stem: string | null, 
/**
 * Its choices.
 */
choices: Array<string>, 
/**
 * The key's index.
 */
key: number | null, 
/**
 * What kind of fact its answer is (offline generator).
 */
kind: string | null, 
/**
 * The topic of its source.
 */
topic: string | null, 
/**
 * The document of its source.
 */
document: string | null, 
/**
 * The filters' findings (empty: passed every filter).
 */
flags: Array<FilterFlag>, 
/**
 * Why it did not parse.
 */
parse_error: string | null, 
/**
 * Bloom levels by the stem's verbs.
 */
bloom: Array<string>, 
/**
 * Its type by the stem's first interrogative word.
 */
question_type: string, 
/**
 * The reviewer's reason for rejecting it.
 */
reason: string | null, 
/**
 * Whether the reviewer edited it.
 */
edited: boolean, 
/**
 * Its id in the exam, once accepted.
 */
question_id: string | null, 
/**
 * Which generation wrote it.
 */
generation: number, 
/**
 * A keyword lookup answers it (None: not measured).
 */
lookup: boolean | null, 
/**
 * The language model answers it closed book (None: not measured).
 */
guessable: boolean | null, };

export type GeneratedReadingRequest = { 
/**
 * The exam (default: the one on view).
 */
exam: string | null, 
/**
 * The reader.
 */
reader: ReaderKind, 
/**
 * The models folder (default: `PROCTOR_MODELS`, else ~/.local/share/proctor/models).
 */
models: string | null, 
/**
 * Use the int8 embedder.
 */
int8: boolean, 
/**
 * Threads ONNX Runtime may use for one model run (0: its default, all cores).
 */
threads: number, 
/**
 * The models the user added to use (default: the only one of each role).
 */
user_models: UserModelChoice, };

export type GeneratedRef = { 
/**
 * The exam (default: the exam on view).
 */
exam: string | null, 
/**
 * Its number in the queue.
 */
id: number, };

export type GenerationInfo = { 
/**
 * Its number.
 */
id: number, 
/**
 * The generator.
 */
generator: string, 
/**
 * The model, if any.
 */
model: string | null, 
/**
 * The seed.
 */
seed: number, 
/**
 * Questions asked for.
 */
count: number, 
/**
 * Questions it wrote (parsed or not).
 */
written: number, 
/**
 * When it started.
 */
started_at: string, 
/**
 * Whether it finished (a stopped one resumes when started again with the same settings).
 */
finished: boolean, };

export type GenerationQuality = { 
/**
 * Everything the generators wrote.
 */
made: number, 
/**
 * That passed the strict parse.
 */
parsed: number, 
/**
 * That did not, by reason.
 */
unparsed: Array<Tally>, 
/**
 * Parsed questions a filter set aside, by check (a question may fail several).
 */
flagged: Array<Tally>, 
/**
 * Parsed questions set aside by at least one filter.
 */
flagged_questions: number, 
/**
 * Of those, duplicates of an earlier question.
 */
duplicates: number, 
/**
 * Accepted into the exam.
 */
accepted: number, 
/**
 * Rejected by the reviewer.
 */
rejected: number, 
/**
 * Parsed and not reviewed yet.
 */
pending: number, 
/**
 * Questions (parsed, not rejected) with the key at A, B, C, D.
 */
key_positions: Array<number>, 
/**
 * χ² goodness of fit of the key positions against uniform: the p-value.
 */
key_positions_p: number | null, 
/**
 * Accuracy of always picking the longest choice on those questions.
 */
longest_choice: number | null, 
/**
 * Accuracy of always picking the best single position.
 */
best_position: number | null, 
/**
 * Coverage of the corpus's topics.
 */
topics: Array<TopicCoverage>, 
/**
 * Questions by Bloom level (by the stem's verbs).
 */
bloom: Array<Tally>, 
/**
 * Questions by type (by the stem's first interrogative word).
 */
question_types: Array<Tally>, 
/**
 * The thresholds in force, once there are questions to set them on.
 */
thresholds: FilterThresholds | null, 
/**
 * The last check of whether a reader answers them from their passages and guesses them
 * without, and on how many questions it was run.
 */
reading: ReaderCheckRow | null, 
/**
 * Kept questions (parsed, not rejected) that fill a blank in a copied sentence.
 */
fill_blank: number, 
/**
 * Kept questions that pass: accepted, or waiting with no flag — what accepting those that
 * pass puts in the exam…
 */
passing: number, 
/**
 * …and of them, those that fill a blank (held to a fifth, rounded up, by the generator).
 */
fill_blank_passing: number, 
/**
 * Kept questions a keyword lookup answers (BM25's first passage, the lexical reader)…
 */
lookup: number, 
/**
 * …of this many measured.
 */
lookup_measured: number, 
/**
 * Kept questions the language model answers closed book…
 */
guessable: number, 
/**
 * …of this many measured (0 until a reading check with the language model).
 */
guessable_measured: number, };

export type GenerationReport = { 
/**
 * The exam.
 */
exam: string, 
/**
 * The generation's number.
 */
generation: number, 
/**
 * Questions written now.
 */
written: number, 
/**
 * Questions it had written before it was stopped (resumed).
 */
resumed: number, 
/**
 * Sentences the generator could ask about.
 */
available: number, 
/**
 * Places passed over: too few wrong answers of the same kind.
 */
skipped: number, 
/**
 * Fill-the-blank questions held back: at most a fifth of the questions asked for copy
 * their sentence (METHODS.md §5.6).
 */
held_back_blanks: number, 
/**
 * The exam's generated questions' quality after this generation.
 */
quality: GenerationQuality, };

export type GeneratorKind = "offline" | "language_model";

export type Grades = { 
/**
 * The exam version graded.
 */
exam: ExamVersion, 
/**
 * Active questions.
 */
questions: number, 
/**
 * Systems by accuracy.
 */
leaderboard: Array<Standing>, 
/**
 * Each built-in reader's accuracy with the oracle context (pipelines tagged
 * retriever=oracle), best first.
 */
reader_ceilings: Array<ReaderCeiling>, 
/**
 * The gold articles' EXAM score.
 */
gold: ExamScore | null, 
/**
 * By topic.
 */
topics: CategoryTable, 
/**
 * By Bloom level.
 */
bloom: CategoryTable, 
/**
 * By question type.
 */
question_types: CategoryTable, 
/**
 * Bias baselines.
 */
bias: BiasBaselines | null, 
/**
 * The systems every page opens on: the analyst's own (answer files, endpoints, articles)
 * in leaderboard order; where they are fewer than two, the best reference pipelines after
 * them. Compare two starts from the first two, the charts from the first five.
 */
focus: Array<string>, };

export type GridRequest = { 
/**
 * Retrievers (empty: the five built-in ones, and hybrid + rerank when a pair scorer has
 * been added).
 */
retrievers: Array<Retriever>, 
/**
 * Readers (empty: lexical, embedding and combined, and one per kind of model added).
 */
readers: Array<ReaderKind>, 
/**
 * Chunk counts for the retrievers that use one (empty: 1 and 3).
 */
top_ks: Array<number>, 
/**
 * The models folder, to see which models have been added (default: `PROCTOR_MODELS`,
 * else ~/.local/share/proctor/models).
 */
models: string | null, };

export type HandChoice = { "kind": "choice", 
/**
 * The letter (A, B, …).
 */
letter: string, } | { "kind": "no_answer" } | { "kind": "undo" };

export type HandNote = { 
/**
 * The automatic reading it replaced, in plain words.
 */
original: string | null, 
/**
 * The reason given.
 */
reason: string | null, 
/**
 * When (UTC, ISO 8601).
 */
at: string, };

export type HeaderSpec = { 
/**
 * The header's name.
 */
name: string, 
/**
 * Its value.
 */
value: HeaderValue, };

export type HeaderValue = { "from": "text", 
/**
 * The value.
 */
value: string, } | { "from": "environment", 
/**
 * The variable's name.
 */
name: string, 
/**
 * Text before the secret.
 */
prefix: string, } | { "from": "keychain", 
/**
 * The entry's name.
 */
name: string, 
/**
 * Text before the secret.
 */
prefix: string, };

export type HttpMethod = "POST" | "PUT" | "GET";

export type ImageFormat = "svg" | "png";

export type ImportKind = "documents" | "exam" | "answers" | "articles" | "reader_outcomes" | "gold_articles" | "gold_outcomes" | "nuggets" | "formulations";

export type ImportReport = { 
/**
 * What was imported.
 */
kind: ImportKind, 
/**
 * From where.
 */
source: string, 
/**
 * Records read.
 */
rows: number, 
/**
 * Records added.
 */
added: number, 
/**
 * Records skipped (e.g. documents already in the project).
 */
skipped: number, 
/**
 * Things worth knowing, in plain words.
 */
notes: Array<string>, 
/**
 * Replies recorded as unanswered because they could not be read as one choice.
 */
unmapped: Array<UnmappedAnswer>, };

export type ImportRequest = { 
/**
 * What the file holds.
 */
kind: ImportKind, 
/**
 * The file (or, for documents, folder) to read.
 */
path: string, 
/**
 * The system, for answers, articles and reader outcomes (default: the file name).
 */
system: string | null, 
/**
 * The exam: its name for answers (default: the newest exam), a new name for an exam
 * import (default: the file name).
 */
exam: string | null, 
/**
 * For documents: a topic for every document (default: the sub-folder name).
 */
topic: string | null, 
/**
 * Factor tags to set on the system.
 */
factors: Array<Factor>, 
/**
 * Replace the system's earlier answers on this exam instead of refusing.
 */
replace: boolean, 
/**
 * Answers: the file holds free answers given without the choices (open answers); the
 * local lexical reader answers each question from its free answer.
 */
open: boolean, 
/**
 * Answers: a language model the user added and checked as a reply reader, to read the
 * replies the rules leave unsure (default: none; they need a look).
 */
reply_model: string | null, 
/**
 * Documents: keep the lines repeated on most pages (navigation, menus, headers and
 * footers), which are otherwise set aside and counted.
 */
keep_furniture: boolean, };

export type ImproveRequest = { 
/**
 * The exam (default: the newest).
 */
exam: string | null, 
/**
 * Number of steps.
 */
steps: number, 
/**
 * Share of the active questions dropped at each step (e.g. 0.1).
 */
fraction: number, 
/**
 * The systems the model is fitted on (default: all).
 */
selection: SystemSelection, };

export type ImprovementReport = { 
/**
 * The exam version.
 */
exam: ExamVersion, 
/**
 * What was run.
 */
request: ImproveRequest, 
/**
 * The project's IRT setting it ran with.
 */
settings: IrtSettings, 
/**
 * The steps, the full exam first.
 */
steps: Array<ImprovementStep>, };

export type ImprovementStep = { 
/**
 * 0 is the full exam.
 */
step: number, 
/**
 * Questions dropped at this step.
 */
dropped: Array<string>, 
/**
 * Questions still active.
 */
remaining: number, 
/**
 * Systems by ability after refitting, best first.
 */
leaderboard: Array<IrtAbility>, 
/**
 * Mean test information of the remaining questions.
 */
information: InformationCurve, 
/**
 * Log-likelihood of the refit.
 */
log_likelihood: number, };

export type InformationCurve = { 
/**
 * θ values.
 */
theta: Array<number>, 
/**
 * (1/|Q|) Σ I_i(θ).
 */
mean: Array<number>, 
/**
 * Σ I_i(θ).
 */
sum: Array<number>, };

export type IngestReport = { 
/**
 * Documents of the corpus.
 */
documents: number, 
/**
 * Chunks they make.
 */
chunks: number, 
/**
 * The chunking used.
 */
chunking: Chunking, 
/**
 * Whether the documents were cut again (new documents or new settings).
 */
rechunked: boolean, 
/**
 * The embedding model.
 */
embedder: string, 
/**
 * Chunks embedded now (identical texts are embedded once).
 */
embedded: number, 
/**
 * Chunks whose text's embedding was already in the project.
 */
cached: number, 
/**
 * Whether the BM25 index was (re)built.
 */
index_rebuilt: boolean, 
/**
 * Where the BM25 index is.
 */
index: string, };

export type IngestRequest = { 
/**
 * Chunking (default: the project's last, else 800 characters, 100 overlap, by paragraph).
 */
chunking: Chunking | null, 
/**
 * The models folder (default: `PROCTOR_MODELS`, else ~/.local/share/proctor/models).
 */
models: string | null, 
/**
 * Embed with the int8 copy of the embedder (faster, cosine ≥ 0.98 to full precision).
 */
int8: boolean, 
/**
 * Threads ONNX Runtime may use for one model run (0: its default, all cores).
 */
threads: number, };

export type IrtAbility = { 
/**
 * The system.
 */
system: string, 
/**
 * θ: the posterior mean (EAP) under N(0, 1) given the item estimates.
 */
ability: number, 
/**
 * Its posterior standard deviation (the ± shown with it).
 */
standard_error: number, 
/**
 * The estimate the fit itself made (joint: maximum likelihood, which runs to its bound
 * for a perfect or zero score; marginal: the same EAP).
 */
fitted: number, 
/**
 * Questions right, of those answered or missed (errors are missing here).
 */
raw_score: number, 
/**
 * Questions with a response (right, wrong or unanswered).
 */
responses: number, 
/**
 * Whether the exam can measure this system (a perfect or zero raw score cannot).
 */
measurable: Measurable, };

export type IrtEffect = { 
/**
 * The factor.
 */
factor: string, 
/**
 * The level.
 */
level: string, 
/**
 * Effect relative to the baseline (which has 0).
 */
effect: number, 
/**
 * Whether this level is the baseline.
 */
baseline: boolean, };

export type IrtItem = { 
/**
 * The question's id in its exam file.
 */
question: string, 
/**
 * a, with its standard error.
 */
discrimination: number, 
/**
 * SE of a (None when fixed by the model or on a bound).
 */
discrimination_se: number | null, 
/**
 * b.
 */
difficulty: number, 
/**
 * SE of b.
 */
difficulty_se: number | null, 
/**
 * c.
 */
guessing: number, 
/**
 * SE of c.
 */
guessing_se: number | null, 
/**
 * Infit mean square (near 1 is good).
 */
infit: number | null, 
/**
 * Outfit mean square.
 */
outfit: number | null, 
/**
 * Correlation of the item with the rest of the exam.
 */
point_biserial: number | null, 
/**
 * Why the item is worth a look: "low discrimination", "negative point-biserial".
 */
flags: Array<string>, 
/**
 * Its characteristic curve: the chance of a right answer at each θ of the information
 * curve (empty in fits kept by earlier versions).
 */
curve: Array<number>, };

export type IrtMethod = "joint" | "marginal";

export type IrtModel = "1pl" | "2pl" | "3pl";

export type IrtReport = { 
/**
 * The exam version.
 */
exam: ExamVersion, 
/**
 * What was fitted.
 */
request: IrtRequest, 
/**
 * The IRT setting it was fitted with.
 */
settings: IrtSettings, 
/**
 * Items, in exam order.
 */
items: Array<IrtItem>, 
/**
 * Systems, best first.
 */
systems: Array<IrtAbility>, 
/**
 * Factor effects (hierarchical fits).
 */
effects: Array<IrtEffect>, 
/**
 * Log-likelihood at the estimates (marginal for the EM method).
 */
log_likelihood: number, 
/**
 * RMSE of the predicted probabilities against the 0/1 responses.
 */
rmse: number, 
/**
 * RMSE of predicting each question's share right (the baseline to beat).
 */
item_mean_rmse: number, 
/**
 * Test information.
 */
information: InformationCurve, 
/**
 * Whether the estimation met its stopping rule.
 */
converged: boolean, };

export type IrtRequest = { 
/**
 * The exam (default: the newest).
 */
exam: string | null, 
/**
 * A new setting for the project, used from now on by every panel (None: the project's
 * current one).
 */
settings: IrtSettings | null, 
/**
 * Fit abilities as sums of the systems' factor effects (the hierarchical model; joint
 * method only). Every system must carry the same factors.
 */
hierarchical: boolean, 
/**
 * The level each factor's effects are reported against, e.g. retriever = closed-book
 * (default: a factor's first level in alphabetical order).
 */
baselines: Array<Factor>, 
/**
 * The systems the model is fitted on (default: all).
 */
selection: SystemSelection, };

export type IrtSettings = { 
/**
 * The model (default 2PL: with fewer than ~200 examinees the 3PL's guessing parameters are
 * weakly identified).
 */
model: IrtModel, 
/**
 * The estimation method (default joint: an exam has few examinees).
 */
method: IrtMethod, 
/**
 * Bounds and priors: "standard" (default) or "paper" (004's).
 */
preset: string, };

export type ItemCurve = { 
/**
 * Ability values.
 */
theta: Array<number>, 
/**
 * Probability of a right answer at each.
 */
probability: Array<number>, 
/**
 * The systems' abilities, to mark on the curve.
 */
abilities: Array<[string, number]>, };

export type JobId = { 
/**
 * Its number in this session.
 */
id: number, };

export type JobState = "running" | "finished" | "failed" | "cancelled";

export type JobStatus = { 
/**
 * Its number in this session.
 */
id: number, 
/**
 * What it does, in words ("Preparing the corpus").
 */
title: string, 
/**
 * The current stage ("Embedding", "Answering").
 */
stage: string, 
/**
 * What the stage is working on now (a pipeline's name), or empty.
 */
detail: string, 
/**
 * Units of the stage done.
 */
done: number, 
/**
 * Units of the stage in all (0 when unknown).
 */
total: number, 
/**
 * Seconds since the job started.
 */
elapsed_seconds: number, 
/**
 * Units per second in the current stage, once there is a measure.
 */
rate: number | null, 
/**
 * Seconds the current stage still needs at that rate.
 */
eta_seconds: number | null, 
/**
 * Where it stands.
 */
state: JobState, 
/**
 * Why it failed or stopped.
 */
error: ApiError | null, 
/**
 * The import's report, once finished.
 */
import: ImportReport | null, 
/**
 * The ingest's report, once finished.
 */
ingest: IngestReport | null, 
/**
 * The run's report, once finished.
 */
run: RunReport | null, 
/**
 * A reader check's result, once it finished.
 */
reader_check: ReaderCheck | null, 
/**
 * A generation's report, once it finished.
 */
generation: GenerationReport | null, 
/**
 * A reading of the generated questions, once it finished.
 */
generated_reading: ReaderCheckRow | null, 
/**
 * An endpoint run's report, once it finished.
 */
endpoint_run: EndpointRunReport | null, 
/**
 * A language model checked as a reply reader, once the check finished.
 */
reply_check: UserModelInfo | null, };

export type Leaderboard = { 
/**
 * The chart's title.
 */
title: string, 
/**
 * The value axis's label, with its unit.
 */
axis: string, 
/**
 * The bars, top to bottom.
 */
bars: Array<Bar>, };

export type LeaderboardMetric = "accuracy" | "exam" | "ability" | "rouge1";

export type LetterShare = { 
/**
 * The letter.
 */
letter: string, 
/**
 * Share of the answered questions where the reader chose it.
 */
chosen: number, 
/**
 * Share of the questions whose key it is.
 */
keys: number, };

export type Limits = { 
/**
 * Requests in flight at once.
 */
concurrency: number, 
/**
 * Requests started per minute at most (0: no limit).
 */
requests_per_minute: number, 
/**
 * Seconds one attempt may take.
 */
timeout_seconds: number, 
/**
 * Attempts after the first on 429, 5xx, timeouts and broken connections.
 */
retries: number, 
/**
 * The first wait before a retry, in milliseconds; it doubles each time (with jitter).
 */
backoff_ms: number, 
/**
 * Questions failed in a row that pause the run (the circuit breaker).
 */
breaker: number, 
/**
 * The largest reply read, in KiB; a larger one is an error.
 */
max_reply_kib: number, };

export type Line = { 
/**
 * What the curve is (a question, a step).
 */
name: string, 
/**
 * One y per x.
 */
y: Array<number>, };

export type Lines = { 
/**
 * The chart's title.
 */
title: string, 
/**
 * A line under the title, if any.
 */
subtitle: string | null, 
/**
 * The x axis's label.
 */
x_axis: string, 
/**
 * The y axis's label.
 */
y_axis: string, 
/**
 * Whether y is a chance between 0 and 1 (drawn 0–100%) rather than a quantity from 0 up.
 */
y_share: boolean, 
/**
 * The x values, ascending, shared by every curve.
 */
x: Array<number>, 
/**
 * The curves.
 */
lines: Array<Line>, 
/**
 * Positions marked on the x axis.
 */
marks: Array<Mark>, };

export type LlmScoring = "letter" | "cloze" | "cloze_per_token" | "calibrated_cloze";

export type Mark = { 
/**
 * What is there.
 */
label: string, 
/**
 * Where.
 */
x: number, };

export type Measurable = "within" | "above" | "below";

export type MmrSweep = { 
/**
 * λ = 0, 0.1, …, 1.
 */
points: Array<SweepPoint>, 
/**
 * Queries with questions.
 */
queries: number, 
/**
 * Of them, those with a gold article.
 */
gold_queries: number, 
/**
 * The articles' length.
 */
quota: number, };

export type MmrSweepRequest = { 
/**
 * The exam whose queries get articles (default: the newest).
 */
exam: string | null, 
/**
 * Length of each article in non-whitespace characters.
 */
quota: number, };

export type ModelCheck = { 
/**
 * What was checked, in words.
 */
what: string, 
/**
 * Whether it held.
 */
passed: boolean, 
/**
 * Whether the model is refused when it does not (otherwise it is advice).
 */
required: boolean, 
/**
 * The numbers behind it.
 */
detail: string, };

export type ModelFile = { 
/**
 * What it is for (runtime, embedder, embedder-int8, tokenizer).
 */
role: string, 
/**
 * In words.
 */
description: string, 
/**
 * Where it is.
 */
path: string, 
/**
 * Its size in bytes.
 */
bytes: bigint, 
/**
 * Whether it is there, with that size and its checksum.
 */
present: boolean, 
/**
 * Why a file that is there cannot be used (it does not match its checksum).
 */
problem: string | null, };

export type ModelName = { 
/**
 * Its name.
 */
name: string, };

export type ModelSelfTest = { 
/**
 * The model.
 */
name: string, 
/**
 * Its role.
 */
role: string, 
/**
 * Whether every required check held.
 */
passed: boolean, 
/**
 * The checks.
 */
checks: Array<ModelCheck>, };

export type ModelsReport = { 
/**
 * The folder.
 */
folder: string, 
/**
 * Its files.
 */
files: Array<ModelFile>, 
/**
 * The models the user added.
 */
user_models: Array<UserModelInfo>, };

export type NuggetArticle = { 
/**
 * The system.
 */
system: string, 
/**
 * The query.
 */
query: string, 
/**
 * The article's sentences, each as pieces.
 */
sentences: Array<Array<ArticlePiece>>, 
/**
 * The query's nuggets and how each was matched.
 */
nuggets: Array<NuggetFound>, 
/**
 * The article's scores.
 */
cell: NuggetCell, };

export type NuggetArticleRequest = { 
/**
 * The system (ignored for the gold article).
 */
system: string, 
/**
 * The gold article instead of a system's.
 */
gold: boolean, 
/**
 * The query.
 */
query: string, 
/**
 * How nuggets are matched, as on the board.
 */
scoring: NuggetRequest, };

export type NuggetBoard = { 
/**
 * The queries with nuggets, in order.
 */
queries: Array<string>, 
/**
 * Nuggets per query, in the same order.
 */
nuggets_per_query: Array<number>, 
/**
 * Nuggets in all.
 */
nuggets: number, 
/**
 * Of which vital.
 */
vital: number, 
/**
 * Systems with articles, best mean first.
 */
systems: Array<NuggetStanding>, 
/**
 * The gold articles scored the same way, when the project has them.
 */
gold: NuggetStanding | null, 
/**
 * The system the verdicts compare with.
 */
baseline: string | null, 
/**
 * What is missing, in plain words (no nuggets, no articles).
 */
note: string | null, };

export type NuggetCell = { 
/**
 * F(β = 3) of precision and recall.
 */
f_beta: number, 
/**
 * Σ match over vital nuggets / vital nuggets.
 */
recall: number, 
/**
 * 1 within the length allowance, else 1 − (L − A) / L.
 */
precision: number, 
/**
 * Nuggets found (vital or okay).
 */
found: number, 
/**
 * The article's length in non-white-space characters.
 */
length: number, 
/**
 * Whether the system wrote an article for the query (none scores 0).
 */
written: boolean, };

export type NuggetFound = { 
/**
 * Its id.
 */
id: string, 
/**
 * The fact.
 */
text: string, 
/**
 * Vital or okay.
 */
vital: boolean, 
/**
 * The match in [0, 1] (POURPRE's word share, or the weighted recall).
 */
score: number, 
/**
 * Whether it counts as found.
 */
found: boolean, 
/**
 * The sentence it was found in (index into [`NuggetArticle::sentences`]).
 */
sentence: number | null, };

export type NuggetMethod = "pourpre" | "pourpre_count" | "nuggeteer";

export type NuggetRequest = { 
/**
 * How nuggets are matched.
 */
method: NuggetMethod, 
/**
 * Treat every nugget as vital (the all-vital variant).
 */
all_vital: boolean, 
/**
 * Nuggeteer: a nugget is found when its weighted recall is at least this (0–1).
 */
threshold: number, 
/**
 * The system every other is compared with (default: the best).
 */
baseline: string | null, };

export type NuggetStanding = { 
/**
 * The system ("Gold articles" for the reference row).
 */
system: string, 
/**
 * Whether this is the gold articles' reference row.
 */
gold: boolean, 
/**
 * Mean F(β = 3) over the queries with nuggets.
 */
mean: number, 
/**
 * Its 95% interval over queries.
 */
low: number, 
/**
 * Upper end.
 */
high: number, 
/**
 * Mean recall.
 */
recall: number, 
/**
 * Mean precision.
 */
precision: number, 
/**
 * One cell per query, in [`NuggetBoard::queries`] order.
 */
cells: Array<NuggetCell>, 
/**
 * Against the baseline (None for the baseline itself and the gold row).
 */
verdict: Verdict | null, };

export type Operations = { 
/**
 * Questions with a stored exchange.
 */
asked: number, 
/**
 * Right answers out of the questions answered or failed, with its interval.
 */
accuracy: Rate | null, 
/**
 * Median time per question (last attempt), ms.
 */
median_ms: number | null, 
/**
 * 95th percentile, ms.
 */
p95_ms: number | null, 
/**
 * Questions that ended in an error.
 */
errors: number, 
/**
 * Errors / asked.
 */
error_rate: number | null, 
/**
 * Questions that needed more than one attempt.
 */
retried: number, 
/**
 * Attempts beyond the first, over all questions.
 */
retries: number, 
/**
 * Prompt tokens reported.
 */
prompt_tokens: number, 
/**
 * Completion tokens reported.
 */
completion_tokens: number, 
/**
 * Cost per 100 questions at the price set (none without a price).
 */
cost_per_100: number | null, 
/**
 * Questions whose reply carried evidence.
 */
with_evidence: number, 
/**
 * Of the questions with evidence and a source passage: those whose passage is in it.
 */
source_found: number, 
/**
 * Questions with evidence and a source passage (the evidence recall's denominator).
 */
source_known: number, 
/**
 * Right answers whose evidence lacks the source passage (worth a look).
 */
right_without_source: number, };

export type PipelineInfo = { 
/**
 * Its system name.
 */
system: string, 
/**
 * What it does.
 */
spec: PipelineSpec, };

export type PipelineSitting = { 
/**
 * The pipeline.
 */
system: string, 
/**
 * Questions answered in this call.
 */
answered_now: number, 
/**
 * Questions answered by an earlier, interrupted call (kept, not redone).
 */
answered_before: number, };

export type PipelineSpec = { 
/**
 * The retriever.
 */
retriever: Retriever, 
/**
 * The reader.
 */
reader: ReaderKind, 
/**
 * Chunks retrieved (ignored by closed book and oracle).
 */
top_k: number, };

export type PipelinesOverview = { 
/**
 * Chunks of the corpus (0: not prepared yet).
 */
chunks: number, 
/**
 * How the corpus was chunked, once it was.
 */
chunking: Chunking | null, 
/**
 * The project's built-in pipelines.
 */
pipelines: Array<PipelineInfo>, 
/**
 * Questions of the newest exam the pipelines have still to answer, over all of them.
 */
unanswered: number, 
/**
 * Why the local models cannot be used, with how to install them (None: they can).
 */
models_problem: string | null, };

export type Point = { 
/**
 * The system.
 */
label: string, 
/**
 * Its x.
 */
x: number, 
/**
 * Its y.
 */
y: number, };

export type PositionBaseline = { 
/**
 * The letter.
 */
letter: string, 
/**
 * Accuracy of always answering it.
 */
accuracy: number, };

export type Preset = { 
/**
 * Its id (`openai-chat`, `generic-rag`, `exam-mode`).
 */
id: string, 
/**
 * Its name in the app.
 */
label: string, 
/**
 * What it is for.
 */
description: string, 
/**
 * The configuration (the address and model to be filled in).
 */
spec: VendorSpec, };

export type Price = { 
/**
 * Per million prompt (input) tokens.
 */
input_per_million: number, 
/**
 * Per million completion (output) tokens.
 */
output_per_million: number, 
/**
 * Per request.
 */
per_request: number, };

export type ProjectPath = { 
/**
 * The `.proctor` file.
 */
path: string, };

export type ProjectSummary = { 
/**
 * The project file.
 */
path: string, 
/**
 * Its name (the file name without extension).
 */
name: string, 
/**
 * Row counts.
 */
counts: Counts, 
/**
 * Exam versions, newest first.
 */
exams: Array<ExamVersion>, 
/**
 * The version every page shows (the version picker's choice; the newest by default).
 */
on_view: ExamVersion | null, 
/**
 * Grades of the version on view, when it has questions.
 */
grades: Grades | null, };

export type Provenance = { 
/**
 * The generator ("offline", …).
 */
generator: string, 
/**
 * The model file or endpoint.
 */
model: string | null, 
/**
 * The model file's hash, or the endpoint's address.
 */
model_hash: string | null, 
/**
 * The prompt.
 */
prompt: string | null, 
/**
 * The seed.
 */
seed: number, 
/**
 * When it was written (UTC, ISO 8601).
 */
written_at: string, };

export type QueryTerm = { 
/**
 * The stemmed word.
 */
term: string, 
/**
 * Its idf over the corpus's chunks.
 */
idf: number, 
/**
 * Its group's weight o(g) (the weights sum to 1).
 */
weight: number, };

export type QuestionChange = "unchanged" | "edited" | "added";

export type QuestionEdit = { 
/**
 * The exam; the one on view when null.
 */
exam: string | null, 
/**
 * The question's id (for a new question: its id, or null to number it).
 */
id: string | null, 
/**
 * The question.
 */
stem: string, 
/**
 * The choices, 2 to 6, in order.
 */
choices: Array<string>, 
/**
 * The correct choice, from 0.
 */
key: number, 
/**
 * Its topic (a new question only; change a topic with `relabel_question`).
 */
topic: string | null, };

export type QuestionListRow = { 
/**
 * Its id in the exam.
 */
id: string, 
/**
 * Its place in the exam, from 1.
 */
number: number, 
/**
 * How it differs from the version before (null on a first version).
 */
change: QuestionChange | null, 
/**
 * The question.
 */
stem: string, 
/**
 * The correct choice's letter.
 */
key: string, 
/**
 * The correct choice's text.
 */
key_text: string, 
/**
 * Its topic.
 */
topic: string | null, 
/**
 * Its Bloom levels in force.
 */
bloom: Array<string>, 
/**
 * Its question type in force.
 */
question_type: string, 
/**
 * Retired questions stay in the table but out of every score.
 */
active: boolean, 
/**
 * Systems (not reference pipelines) that got it right.
 */
right: number, 
/**
 * Systems that sat it.
 */
sat: number, 
/**
 * Reference pipelines that got it right, and that sat it.
 */
pipelines_right: number, 
/**
 * Reference pipelines that sat it.
 */
pipelines_sat: number, 
/**
 * Share of every sitting that got it right (systems and pipelines), when any sat it.
 */
share_right: number | null, 
/**
 * Its IRT discrimination, from the project's latest fit, when there is one.
 */
discrimination: number | null, 
/**
 * Its IRT difficulty, from the latest fit.
 */
difficulty: number | null, 
/**
 * Flags from the latest fit (misfit, low discrimination, …).
 */
flags: Array<string>, };

export type QuestionRequest = { 
/**
 * The exam's name; the newest exam when null.
 */
exam: string | null, 
/**
 * The question's id.
 */
id: string, };

export type QuestionTable = { 
/**
 * The version shown.
 */
exam: ExamVersion, 
/**
 * Whether an IRT fit of this version exists (discrimination and flags come from it).
 */
irt_fitted: boolean, 
/**
 * What changed since the version before (null on a first version).
 */
changes: VersionChanges | null, 
/**
 * The questions, in exam order.
 */
rows: Array<QuestionListRow>, };

export type QuestionView = { 
/**
 * The version it belongs to.
 */
exam: ExamVersion, 
/**
 * Its row of the table.
 */
row: QuestionListRow, 
/**
 * The EXAM-mode query it belongs to, if any.
 */
query: string | null, 
/**
 * Its choices, in order (A, B, …).
 */
choices: Array<string>, 
/**
 * The index of the correct choice.
 */
key_index: number, 
/**
 * The passage it was written from, when the exam file had one.
 */
source_text: string | null, 
/**
 * Its curve from the latest IRT fit, when there is one.
 */
curve: ItemCurve | null, 
/**
 * Every sitting's answer: systems first, then pipelines.
 */
answers: Array<SystemAnswer>, 
/**
 * The previous and next question ids, for stepping through the exam.
 */
previous: string | null, 
/**
 * See `previous`.
 */
next: string | null, };

export type QuestionsRequest = { 
/**
 * The exam's name.
 */
exam: string | null, };

export type Radar = { 
/**
 * The chart's title.
 */
title: string, 
/**
 * The axes (topics), clockwise from the top.
 */
axes: Array<string>, 
/**
 * The systems.
 */
series: Array<Series>, };

export type Rate = { 
/**
 * Questions answered right.
 */
right: number, 
/**
 * Questions asked.
 */
of: number, 
/**
 * right / of.
 */
accuracy: number, 
/**
 * Wilson 95% interval, lower end.
 */
low: number, 
/**
 * Wilson 95% interval, upper end.
 */
high: number, };

export type ReadArticlesRequest = { 
/**
 * The exam (default: the newest).
 */
exam: string | null, 
/**
 * Systems whose articles are read (empty: every system with articles).
 */
systems: Array<string>, 
/**
 * Also read the gold articles (for n-EXAM).
 */
gold: boolean, 
/**
 * The reader.
 */
reader: ReaderKind, 
/**
 * Replace the systems' earlier EXAM-mode outcomes (imported or read before).
 */
replace: boolean, 
/**
 * The models folder (default: `PROCTOR_MODELS`, else ~/.local/share/proctor/models).
 */
models: string | null, 
/**
 * Use the int8 embedder.
 */
int8: boolean, 
/**
 * Threads ONNX Runtime may use for one model run (0: its default, all cores).
 */
threads: number, 
/**
 * The models the user added to use (default: the only one of each role).
 */
user_models: UserModelChoice, };

export type ReadReply = { 
/**
 * The system.
 */
system: string, 
/**
 * The question's id, or its number on the answer sheet.
 */
question: string, 
/**
 * What the reply says.
 */
reading: HandChoice, 
/**
 * Why (kept with the reading).
 */
reason: string | null, };

export type ReaderCeiling = { 
/**
 * The reader (its "reader" factor).
 */
reader: string, 
/**
 * The oracle pipeline it comes from.
 */
system: string, 
/**
 * Its accuracy.
 */
accuracy: number, 
/**
 * Wilson 95% interval, low end.
 */
accuracy_low: number, 
/**
 * Wilson 95% interval, high end.
 */
accuracy_high: number, 
/**
 * The reader with the model and scoring mode it ran on, from the reader check.
 */
name: string, 
/**
 * The reader check's verdict, when the reader also sat the exam closed book.
 */
reads: boolean | null, 
/**
 * The reader check's sentence.
 */
check: string | null, };

export type ReaderCheck = { 
/**
 * The exam version checked.
 */
exam: ExamVersion, 
/**
 * Active questions that carry their passage (the ones checked).
 */
questions: number, 
/**
 * Active questions without one (left out).
 */
without_passage: number, 
/**
 * Expected accuracy of a blind guess (mean of 1 / choices).
 */
chance: number, 
/**
 * Accuracy of always answering the longest choice.
 */
longest_choice: number, 
/**
 * One row per reader, best with the passage first.
 */
readers: Array<ReaderCheckRow>, };

export type ReaderCheckRequest = { 
/**
 * The exam (default: the newest).
 */
exam: string | null, 
/**
 * The readers (empty: every reader the installed models allow).
 */
readers: Array<ReaderKind>, 
/**
 * The models folder (default: `PROCTOR_MODELS`, else ~/.local/share/proctor/models).
 */
models: string | null, 
/**
 * Threads a model may use (0: all cores).
 */
threads: number, 
/**
 * The models the user added to use, and the language model's scoring mode.
 */
user_models: UserModelChoice, };

export type ReaderCheckRow = { 
/**
 * The reader.
 */
reader: ReaderKind, 
/**
 * In words, with the model and mode it ran on ("language model · gemma-3-270m (a5fd3b62),
 * cloze per token").
 */
name: string, 
/**
 * The pipeline that read with the passage (oracle).
 */
with_system: string, 
/**
 * The pipeline that read without it (closed book).
 */
without_system: string, 
/**
 * With the passage.
 */
with_passage: Rate, 
/**
 * Without it.
 */
closed_book: Rate, 
/**
 * Questions right only with the passage.
 */
only_with: number, 
/**
 * Questions right only without it.
 */
only_without: number, 
/**
 * Exact McNemar p-value of with vs without (METHODS.md §9).
 */
p_value: number, 
/**
 * Whether the reader reads: with the passage it beats closed book (p < 0.05) and its
 * interval lies above chance and the longest-choice baseline.
 */
reads: boolean, 
/**
 * The verdict in a sentence.
 */
sentence: string, 
/**
 * Letters chosen with the passage against the keys (position bias).
 */
positions: Array<LetterShare>, };

export type ReaderKind = "lexical" | "embedding" | "combined" | "pair_scorer" | "extractive_qa" | "language_model" | "sliding_window";

export type Relabel = { 
/**
 * The exam; the one on view when null.
 */
exam: string | null, 
/**
 * The question's id.
 */
id: string, 
/**
 * A topic to set ("" clears it; null leaves it).
 */
topic: string | null, 
/**
 * Bloom levels to set by hand (empty: back to the classifier's; null leaves them).
 */
bloom: Array<string> | null, 
/**
 * A question type to set by hand ("auto": back to the classifier's; null leaves it).
 */
question_type: string | null, };

export type RenameSystem = { 
/**
 * Its name now.
 */
name: string, 
/**
 * The new name.
 */
new_name: string, };

export type RenameTopic = { 
/**
 * Its name now.
 */
name: string, 
/**
 * Its new name (an existing topic's name merges them).
 */
new_name: string, };

export type ReplyPaths = { 
/**
 * The answer (a letter or free text), or the article in EXAM mode.
 */
answer: string, 
/**
 * The evidence: a list of texts or of objects with a text and an id.
 */
evidence: string, 
/**
 * Within an evidence object, its text (empty: `text`, `content`, `page_content`, …).
 */
evidence_text: string, 
/**
 * Within an evidence object, its id (empty: `id`, `chunk_id`, `doc_id`, …).
 */
evidence_id: string, 
/**
 * The prompt tokens used.
 */
prompt_tokens: string, 
/**
 * The completion tokens used.
 */
completion_tokens: string, };

export type Report = { 
/**
 * A file name for it.
 */
file_name: string, 
/**
 * The HTML.
 */
html: string, };

export type ReportRequest = { 
/**
 * The exam (default: the one on view).
 */
exam: string | null, 
/**
 * The sections, in order (empty: all).
 */
sections: Array<ReportSection>, 
/**
 * The question the evaluation answers, in the analyst's words (empty: a default).
 */
question: string, 
/**
 * The systems the report covers, each a system that sat the exam (empty: the analyst's
 * own; the reference pipelines then appear as one line of context).
 */
systems: Array<string>, };

export type ReportSection = "question" | "exam" | "leaderboard" | "head_to_head" | "articles" | "formulations" | "topics" | "bloom" | "irt" | "quality" | "systems" | "methods" | "provenance";

export type ResponsesFit = { 
/**
 * The file's name.
 */
file: string, 
/**
 * Its shape: "wide", "long" or "py-irt".
 */
layout: string, 
/**
 * Subjects (rows).
 */
subjects: number, 
/**
 * Items (columns).
 */
item_count: number, 
/**
 * Missing cells (skipped, never scored 0).
 */
missing: bigint, 
/**
 * What was fitted.
 */
settings: IrtSettings, 
/**
 * The items, in the file's order.
 */
items: Array<IrtItem>, 
/**
 * The subjects by ability, best first.
 */
abilities: Array<IrtAbility>, 
/**
 * Log-likelihood at the estimates (marginal for the EM method).
 */
log_likelihood: number, 
/**
 * RMSE of the predicted probabilities against the 0/1 responses.
 */
rmse: number, 
/**
 * RMSE of predicting each item's share right (the baseline to beat).
 */
item_mean_rmse: number, 
/**
 * Test information.
 */
information: InformationCurve, 
/**
 * The information curve as the page draws it (abilities marked when few).
 */
information_chart: Chart, 
/**
 * Whether the estimation met its stopping rule.
 */
converged: boolean, 
/**
 * Its iterations (EM steps for the marginal method).
 */
iterations: number, 
/**
 * Seconds the fit took (reading the file included).
 */
seconds: number, 
/**
 * The process's peak memory so far in megabytes (None where the system does not say).
 */
peak_memory_mb: number | null, };

export type Retriever = "closed_book" | "bm25" | "dense" | "hybrid" | "hybrid_rerank" | "oracle";

export type ReviewAction = "accept" | "reject" | "reinstate";

export type ReviewReport = { 
/**
 * Questions whose status changed.
 */
changed: number, 
/**
 * The exam's draft after the change.
 */
draft: ExamVersion, 
/**
 * In words.
 */
message: string, };

export type ReviewRequest = { 
/**
 * The exam (default: the exam on view).
 */
exam: string | null, 
/**
 * The questions, by number.
 */
ids: Array<number>, 
/**
 * Accept, reject or reinstate.
 */
action: ReviewAction, 
/**
 * Why (required to reject).
 */
reason: string | null, };

export type RunReport = { 
/**
 * The exam version sat.
 */
exam: ExamVersion, 
/**
 * Per pipeline.
 */
sittings: Array<PipelineSitting>, };

export type RunRequest = { 
/**
 * The exam (default: the newest).
 */
exam: string | null, 
/**
 * The pipelines (empty: all).
 */
systems: Array<string>, 
/**
 * The models folder (default: `PROCTOR_MODELS`, else ~/.local/share/proctor/models).
 */
models: string | null, 
/**
 * Use the int8 embedder (must match the ingest's).
 */
int8: boolean, 
/**
 * Threads ONNX Runtime may use for one model run (0: its default, all cores).
 */
threads: number, 
/**
 * The models the user added to use (default: the only one of each role).
 */
user_models: UserModelChoice, 
/**
 * Throw away the chosen pipelines' earlier answers on this exam and answer again (needed
 * after the corpus was chunked differently or other models were chosen).
 */
restart: boolean, };

export type SaveChartRequest = { 
/**
 * The chart.
 */
chart: ChartRequest, 
/**
 * Where.
 */
path: string, };

export type SaveExamRequest = { 
/**
 * What to write.
 */
export: ExportRequest, 
/**
 * Where.
 */
path: string, };

export type SaveReportRequest = { 
/**
 * The report.
 */
report: ReportRequest, 
/**
 * Where.
 */
path: string, };

export type SaveTableRequest = { 
/**
 * The table.
 */
table: TableRequest, 
/**
 * Where.
 */
path: string, };

export type Scatter = { 
/**
 * The chart's title.
 */
title: string, 
/**
 * A line under the title (the agreement), if any.
 */
subtitle: string | null, 
/**
 * The x axis's label.
 */
x_axis: string, 
/**
 * The y axis's label.
 */
y_axis: string, 
/**
 * The points.
 */
points: Array<Point>, };

export type SecretHeader = { 
/**
 * The header.
 */
header: string, 
/**
 * "the environment variable X (set, ends …3f2a)" or "(not set)".
 */
status: string, 
/**
 * Whether a value is there.
 */
present: boolean, };

export type SecretName = { 
/**
 * The entry's name.
 */
entry: string, };

export type SecretRequest = { 
/**
 * The entry's name (1–100 characters), as settings will name it.
 */
entry: string, 
/**
 * The secret itself: kept in the keychain only, never in a file, a log or an answer.
 */
secret: string, };

export type SecretStatus = { 
/**
 * The entry's name.
 */
entry: string, 
/**
 * Whether it holds a secret.
 */
present: boolean, 
/**
 * The secret masked ("set, ends …3f2a"), when present.
 */
masked: string | null, };

export type SentenceFeature = { 
/**
 * The sentence, cut into pieces with the query's words marked.
 */
pieces: Array<ArticlePiece>, 
/**
 * The query words it contains (stems).
 */
matched: Array<string>, 
/**
 * Passage match: Σ idf of the shared words.
 */
idf_match: number, 
/**
 * idf precision: the shared words' idf / all its words' idf.
 */
idf_precision: number, 
/**
 * idf recall: the shared words' idf / the query's words' idf.
 */
idf_recall: number, 
/**
 * Its chunk's BM25 score relative to the best chunk's.
 */
document_share: number, 
/**
 * Semantic overlap recall: Σ o(g) of the query groups it matches.
 */
overlap_recall: number, 
/**
 * Semantic overlap precision: how closely it matches them (1 for exact words).
 */
overlap_precision: number, 
/**
 * The semantic overlap score F₃(F₂(recall, precision), document share).
 */
overlap_score: number, 
/**
 * Its rank by passage match (1 = best).
 */
match_rank: number, 
/**
 * Its rank by semantic overlap.
 */
overlap_rank: number, };

export type SentenceFeatures = { 
/**
 * The exam's queries (to choose from).
 */
queries: Array<string>, 
/**
 * The query explained.
 */
query: string, 
/**
 * Its words as searched.
 */
terms: Array<QueryTerm>, 
/**
 * Candidate sentences, best passage match first.
 */
sentences: Array<SentenceFeature>, 
/**
 * Candidates in all (before the limit).
 */
candidates: number, };

export type SentenceFeaturesRequest = { 
/**
 * The exam whose queries are listed (default: the newest).
 */
exam: string | null, 
/**
 * The query (default: the exam's first).
 */
query: string | null, 
/**
 * How many sentences to show, best passage match first (at most 200).
 */
limit: number, };

export type Series = { 
/**
 * The system.
 */
name: string, 
/**
 * One share (0–1) per category; none where the system has too few questions there.
 */
values: Array<number | null>, 
/**
 * A reference pipeline rather than one of the analyst's systems: drawn in grey.
 */
reference: boolean, };

export type SheetRow = { 
/**
 * The question's id.
 */
id: string, 
/**
 * Its place in the exam, from 1.
 */
number: number, 
/**
 * The question.
 */
stem: string, 
/**
 * The correct letter.
 */
key: string, 
/**
 * The letter the system chose, if it chose one.
 */
choice: string | null, 
/**
 * Right, wrong, unanswered, needs a look, error, or no answer yet.
 */
verdict: AnswerVerdict, 
/**
 * What it replied (or the error it reported).
 */
reply: string | null, 
/**
 * The question's choices, for reading the reply by hand.
 */
choices: Array<string>, 
/**
 * How the reply was read, in plain words ("the letter B", "needs a look: it names B and
 * D"); none for errors and answers stored before readings were kept.
 */
reading: string | null, 
/**
 * Set where a person read the reply.
 */
hand: HandNote | null, 
/**
 * Time it took, where known.
 */
latency_ms: number | null, 
/**
 * Endpoint systems: attempts the request took (more than one: retried).
 */
attempts: number | null, 
/**
 * Endpoint systems: whether the question's passage is in the evidence returned (none
 * without evidence).
 */
source_in_evidence: boolean | null, };

export type SignificanceRequest = { 
/**
 * The exam (default: the newest).
 */
exam: string | null, 
/**
 * The system the others are compared with.
 */
baseline: string, 
/**
 * The group on view (None: both, each its own family).
 */
group: SystemGroup | null, };

export type SignificanceRow = { 
/**
 * The system.
 */
system: string, 
/**
 * Its group (its family).
 */
group: SystemGroup, 
/**
 * Questions compared.
 */
pairs: number, 
/**
 * Its accuracy minus the baseline's.
 */
difference: number, 
/**
 * Lower end of the 95% paired bootstrap interval of the difference.
 */
low: number, 
/**
 * Upper end.
 */
high: number, 
/**
 * The one verdict.
 */
verdict: Verdict, 
/**
 * Secondary: Wilcoxon signed-rank p-value (uncorrected).
 */
wilcoxon_p: number, 
/**
 * Secondary: paired t-test p-value (uncorrected).
 */
t_test_p: number | null, };

export type SignificanceTable = { 
/**
 * The baseline.
 */
baseline: string, 
/**
 * One row per other system, in leaderboard order.
 */
rows: Array<SignificanceRow>, 
/**
 * How the verdicts were reached, in one sentence for the note beside the table.
 */
method: string, };

export type SimilarityPoint = { 
/**
 * The sample.
 */
sample: string, 
/**
 * ROUGE-1 recall of the reference question by the other.
 */
question: number, 
/**
 * The answer sets' similarity.
 */
answer: number, 
/**
 * The two questions, for the tooltip.
 */
questions: Array<string>, };

export type SimilarityScatter = { 
/**
 * The formulation compared.
 */
formulation: string, 
/**
 * The reference formulation.
 */
reference: string, 
/**
 * Samples with answers under both.
 */
points: Array<SimilarityPoint>, 
/**
 * Pearson's r (None with fewer than three points or no spread).
 */
r: number | null, 
/**
 * Its two-sided p-value.
 */
p_value: number | null, };

export type SittingMode = "answers" | "exam" | "open";

export type Standing = { 
/**
 * 1-based rank by accuracy.
 */
rank: number, 
/**
 * System name.
 */
system: string, 
/**
 * Its group.
 */
group: SystemGroup, 
/**
 * Answer mode or EXAM mode.
 */
mode: SittingMode, 
/**
 * Factor tags.
 */
factors: Array<Factor>, 
/**
 * Right answers.
 */
correct: number, 
/**
 * Wrong answers.
 */
wrong: number, 
/**
 * Unanswered (not right, shown apart).
 */
unanswered: number, 
/**
 * Errors: timeouts, malformed replies (not right, shown apart).
 */
errors: number, 
/**
 * Replies that could not be read as one choice and wait for a person (not right, not
 * answered, shown apart; METHODS.md §13).
 */
needs_look: number, 
/**
 * An open-answer sitting: the reader that graded the free answers.
 */
open_reader: string | null, 
/**
 * An open-answer sitting: that reader's accuracy given each question's own source
 * passage instead (what it can read at best), shown beside the accuracy.
 */
open_ceiling: number | null, 
/**
 * Active questions of the exam version: the denominator of accuracy.
 */
questions: number, 
/**
 * correct / questions: errors, no answers and replies to look at are not right (METHODS.md §1).
 */
accuracy: number | null, 
/**
 * correct / (correct + wrong), "accuracy on answered": only the replies read as a choice
 * count as answered; shown where some question was not.
 */
accuracy_on_answered: number | null, 
/**
 * Lower end of the 95% Wilson interval.
 */
accuracy_low: number | null, 
/**
 * Upper end of the 95% Wilson interval.
 */
accuracy_high: number | null, 
/**
 * EXAM-mode score.
 */
exam: ExamScore | null, };

export type SweepPoint = { 
/**
 * MMR's weight of redundancy.
 */
lambda: number, 
/**
 * EXAM by the lexical reader: mean over queries of the share of the query's questions
 * answered right from the article alone.
 */
exam: number, 
/**
 * Its standard error over queries.
 */
standard_error: number, 
/**
 * ROUGE-1 F1 against the gold articles, mean over the queries that have one; None without.
 */
rouge1: number | null, };

export type SystemAnswer = { 
/**
 * The system ("gold articles" for the reader over the gold articles).
 */
system: string, 
/**
 * Systems being judged or reference pipelines.
 */
group: SystemGroup, 
/**
 * Answered itself, or read from its articles (EXAM mode).
 */
exam_mode: boolean, 
/**
 * How it did.
 */
verdict: AnswerVerdict, 
/**
 * The letter it chose, if any.
 */
choice: string | null, 
/**
 * What it replied, word for word, when kept.
 */
raw_text: string | null, 
/**
 * How long it took, where known.
 */
latency_ms: number | null, 
/**
 * The error, when asking it failed.
 */
error: string | null, };

export type SystemGroup = "systems" | "pipelines";

export type SystemInfo = { 
/**
 * Its name.
 */
name: string, 
/**
 * Where its answers come from: answers, articles, endpoint, pipeline.
 */
kind: string, 
/**
 * Whether it sat the exam on view with open answers (asked without the choices, its free
 * answers graded by the reader).
 */
open: boolean, 
/**
 * Systems being judged or reference pipelines.
 */
group: SystemGroup, 
/**
 * Its factor tags.
 */
factors: Array<Factor>, 
/**
 * The versions of the exam on view it sat, newest first.
 */
versions: Array<number>, 
/**
 * On the exam on view: questions answered right, wrong, unanswered, with an error, whose
 * reply needs a look, and still to answer (no response yet).
 */
right: number, 
/**
 * See `right`.
 */
wrong: number, 
/**
 * See `right`.
 */
unanswered: number, 
/**
 * See `right`.
 */
errors: number, 
/**
 * See `right`: replies that could not be read as one choice, waiting for a person.
 */
needs_look: number, 
/**
 * See `right`.
 */
to_answer: number, 
/**
 * Mean time per answer, where known.
 */
mean_latency_ms: number | null, 
/**
 * An endpoint system's latency, errors, retries, cost and evidence (METHODS §12).
 */
operations: Operations | null, };

export type SystemName = { 
/**
 * Its name.
 */
name: string, };

export type SystemSelection = { 
/**
 * These systems by name (empty: every system).
 */
systems: Array<string>, 
/**
 * Only the systems that carry all of these factors, e.g. reader, retriever, top_k for the
 * built-in pipelines (empty: no such condition).
 */
tagged: Array<string>, };

export type SystemTags = { 
/**
 * The system.
 */
name: string, 
/**
 * Its tags (name = level); an empty list removes them all.
 */
factors: Array<Factor>, };

export type SystemsOverview = { 
/**
 * The exam version the counts are on, if the project has an exam.
 */
exam: ExamVersion | null, 
/**
 * The systems: the ones being judged first, then the reference pipelines.
 */
systems: Array<SystemInfo>, };

export type TableFormat = "csv" | "xlsx";

export type TableRequest = { 
/**
 * Which table.
 */
table: TableSpec, 
/**
 * Which format.
 */
format: TableFormat, };

export type TableSpec = { "kind": "leaderboard" } | { "kind": "topics" } | { "kind": "bloom" } | { "kind": "question_types" } | { "kind": "significance", 
/**
 * The system the others are compared with.
 */
baseline: string, } | { "kind": "irt_items" } | { "kind": "irt_abilities" } | { "kind": "improvement" } | { "kind": "systems" } | { "kind": "exam_agreement" };

export type Tally = { 
/**
 * What is counted.
 */
name: string, 
/**
 * How many.
 */
count: number, };

export type TopicCoverage = { 
/**
 * The topic ("(no topic)" for documents without one).
 */
topic: string, 
/**
 * Generated questions that passed the parse, not rejected.
 */
questions: number, 
/**
 * Their share of all such questions.
 */
share: number, 
/**
 * The topic's share of the corpus's chunks.
 */
corpus_share: number, };

export type TrecScores = { 
/**
 * The system.
 */
system: string, 
/**
 * Queries evaluated.
 */
queries: number, 
/**
 * Mean average precision.
 */
map: number, 
/**
 * P@10.
 */
precision_at_10: number, 
/**
 * R-precision.
 */
r_precision: number, 
/**
 * nDCG@20.
 */
ndcg_at_20: number, 
/**
 * Mean reciprocal rank.
 */
reciprocal_rank: number, };

export type TryReport = { 
/**
 * The question asked (its id and stem; in EXAM mode, its query).
 */
question: string, 
/**
 * Its stem, or the query in EXAM mode.
 */
asked: string, 
/**
 * The request exactly as sent, secrets masked.
 */
request: string, 
/**
 * The HTTP status.
 */
status: number | null, 
/**
 * The raw reply (capped at 64 KiB).
 */
reply: string | null, 
/**
 * Its size in bytes.
 */
reply_bytes: number, 
/**
 * Time of the last attempt, ms.
 */
latency_ms: number, 
/**
 * Attempts made.
 */
attempts: number, 
/**
 * Why the request failed, if it did.
 */
error: string | null, 
/**
 * The answer (or article) read from the reply.
 */
answer: string | null, 
/**
 * The choice it maps to (a letter), in answer mode.
 */
choice: string | null, 
/**
 * How the answer was mapped, in words.
 */
mapping: string | null, 
/**
 * Whether that choice is the key.
 */
right: boolean | null, 
/**
 * The evidence read.
 */
evidence: Array<EvidenceItem>, 
/**
 * Prompt tokens reported.
 */
prompt_tokens: number | null, 
/**
 * Completion tokens reported.
 */
completion_tokens: number | null, 
/**
 * The request's cost at the price set.
 */
cost: number | null, 
/**
 * What a path did not find, in words.
 */
problems: Array<string>, };

export type TryRequest = { 
/**
 * The system's name (for messages; it need not be saved yet).
 */
name: string, 
/**
 * The configuration to try.
 */
spec: VendorSpec, 
/**
 * The question: its id, its number in the exam on view ("12"), or words of its stem
 * (default: the first question).
 */
question: string | null, };

export type UnmappedAnswer = { 
/**
 * The question's id.
 */
question_id: string, 
/**
 * Where it is in the file ("line 12").
 */
location: string, 
/**
 * The answer as written.
 */
answer: string, 
/**
 * Why it could not be read, in words ("needs a look: it names B and D …").
 */
reason: string, };

export type UserModelChoice = { 
/**
 * The pair scorer (cross-encoder or NLI) by name.
 */
pair_scorer: string | null, 
/**
 * The extractive QA model by name.
 */
extractive_qa: string | null, 
/**
 * How the language model scores choices (default: the mode recorded for the model).
 */
llm_mode: LlmScoring | null, 
/**
 * The language model the LLM reader runs on, by name: a GGUF file or endpoint the user
 * added (default: the one set-up installs).
 */
llm: string | null, };

export type UserModelInfo = { 
/**
 * Its name.
 */
name: string, 
/**
 * What it is for: "embedder", "pair-scorer", "extractive-qa" or "llm".
 */
role: string, 
/**
 * In the user's words.
 */
description: string, 
/**
 * The graph or GGUF file, or for an endpoint its address.
 */
path: string, 
/**
 * For a pair scorer with several logits: the one that is the score.
 */
label: number | null, 
/**
 * For a language model: how the LLM reader scores with it ("letter", "cloze-per-token").
 */
mode: string | null, 
/**
 * For a language model behind an endpoint: the model the server is asked for.
 */
endpoint_model: string | null, 
/**
 * For an endpoint that sends a key: where the key is read from and whether it is there,
 * masked ("the OS keychain entry 'openai' (set, ends …3f2a)").
 */
key: string | null, 
/**
 * For a language model: how it read the labelled replies, in words ("reads replies the
 * rules leave unsure with a margin of 2.55: …", or why it is not used, or not checked yet).
 */
reply_reading: string | null, 
/**
 * Whether it can be chosen to read the replies the rules leave unsure.
 */
reads_replies: boolean, };

export type VendorMode = "answers" | "articles" | "open";

export type VendorSpec = { 
/**
 * Answers per question, or articles per query (EXAM mode).
 */
mode: VendorMode, 
/**
 * The HTTP method.
 */
method: HttpMethod, 
/**
 * The address; placeholders in it are filled in URL-encoded.
 */
url: string, 
/**
 * Request headers.
 */
headers: Array<HeaderSpec>, 
/**
 * The body template (JSON with placeholders; empty for none).
 */
body: string, 
/**
 * Where the reply holds what is read.
 */
reply: ReplyPaths, 
/**
 * Concurrency, rate, timeouts, retries, breaker, reply cap.
 */
limits: Limits, 
/**
 * The price, for cost per 100 questions.
 */
price: Price, };

export type Verdict = { 
/**
 * The primary test: "exact McNemar" (accuracy) or "paired randomisation" (EXAM).
 */
test: string, 
/**
 * Its two-sided p-value for this pair.
 */
p_value: number, 
/**
 * The p-value after Holm's correction over the family.
 */
adjusted_p_value: number, 
/**
 * Comparisons in the family (1: no correction).
 */
family_size: number, 
/**
 * The family in words: "the 3 systems, each against Echo Bot".
 */
family: string, 
/**
 * Whether the difference is real: adjusted p < 0.05.
 */
real: boolean, 
/**
 * Lin's marker for the first against the second, from the adjusted p-value:
 * ▲/▼ p < 0.01, △/▽ p < 0.05, ^/v p < 0.10, ◦ not significant.
 */
marker: string, 
/**
 * The verdict as every panel says it.
 */
sentence: string, 
/**
 * Accuracy only: the questions McNemar's test needs to tell this pair apart with 80%
 * power at α = 0.05, at its discordance and difference (none when they do not differ;
 * METHODS.md §11, before any family correction).
 */
questions_needed: number | null, 
/**
 * Accuracy only: the smallest difference in accuracy (a share) this exam detects with 80%
 * power at α = 0.05 for a pair that disagrees as often as this one.
 */
detectable_difference: number | null, };

export type VersionChanges = { 
/**
 * The version.
 */
version: ExamVersion, 
/**
 * The version before it (null for a first version).
 */
base: ExamVersion | null, 
/**
 * Ids of questions whose content changed.
 */
edited: Array<string>, 
/**
 * Ids of questions added.
 */
added: Array<string>, 
/**
 * Ids of questions of the version before that this one no longer has.
 */
retired: Array<string>, };

export type VersionRef = { 
/**
 * The exam's name.
 */
exam: string, 
/**
 * The version number.
 */
version: number, };
