//! The TypeScript twins of the DTOs, written to `ui/src/lib/backend/types.ts`.
//!
//! A test compares the committed file with what this build generates and fails when it is
//! stale; `UPDATE_BINDINGS=1 cargo test -p proctor-api bindings` rewrites it.

use crate::dto::{
    AddModelRequest, ArticleBuilder, BiasBaselines, BoardCorrelation, BuildArticlesReport,
    BuildArticlesRequest, CategoryCell, CategoryOverride, CategoryRow, CategoryTable, ChunkUnit,
    Chunking, CompareRequest, ComparedQuestions, Comparison, CorrelateRequest, CorrelationReport,
    Counts, EndpointRequest, ExamScore, ExamVersion, Factor, Grades, GridRequest, ImportKind,
    ImportReport, ImportRequest, ImproveRequest, ImprovementReport, ImprovementStep,
    InformationCurve, IngestReport, IngestRequest, IrtAbility, IrtEffect, IrtItem, IrtMethod,
    IrtModel, IrtReport, IrtRequest, JobState, JobStatus, LeaderboardMetric, ModelCheck, ModelFile,
    ModelName, ModelSelfTest, ModelTest, ModelsReport, PipelineInfo, PipelineSitting, PipelineSpec,
    PipelinesOverview, PositionBaseline, ProjectPath, ProjectSummary, QuestionCategories,
    ReadArticlesRequest, ReaderCeiling, ReaderKind, Retriever, RunReport, RunRequest, SecretName,
    SecretRequest, SecretStatus, SignificanceRequest, SignificanceRow, SignificanceTable,
    SittingMode, Standing, SystemSelection, TrecScores, UnmappedAnswer, UserModelChoice,
    UserModelInfo,
};
use crate::dto::{
    AnswerSheet, DeletedSystemInfo, DraftChange, ExamRef, FreezeReport, QuestionChange,
    QuestionEdit, Relabel, SheetRow, SystemName, VersionChanges, VersionRef,
};
use crate::dto::{
    AnswerVerdict, DocumentInfo, DocumentRef, DocumentView, DocumentsOverview, ItemCurve,
    QuestionListRow, QuestionRequest, QuestionTable, QuestionView, QuestionsRequest, RenameSystem,
    SystemAnswer, SystemInfo, SystemTags, SystemsOverview,
};
use crate::dto::{IrtSettings, JobId, Measurable, RenameTopic, SystemGroup, Verdict};
use crate::dto::{LetterShare, LlmScoring, Rate, ReaderCheck, ReaderCheckRequest, ReaderCheckRow};
use crate::{ApiError, ErrorCode};
use ts_rs::TS;

/// Where the generated file lives, relative to the workspace root.
pub const TYPES_PATH: &str = "ui/src/lib/backend/types.ts";

/// The generated TypeScript module.
pub fn typescript() -> String {
    let declarations = [
        ErrorCode::decl(),
        ApiError::decl(),
        Factor::decl(),
        Counts::decl(),
        ExamVersion::decl(),
        VersionRef::decl(),
        ExamRef::decl(),
        QuestionEdit::decl(),
        Relabel::decl(),
        QuestionChange::decl(),
        DraftChange::decl(),
        VersionChanges::decl(),
        FreezeReport::decl(),
        SystemName::decl(),
        DeletedSystemInfo::decl(),
        SheetRow::decl(),
        AnswerSheet::decl(),
        RenameTopic::decl(),
        ExamScore::decl(),
        SittingMode::decl(),
        SystemGroup::decl(),
        Standing::decl(),
        CategoryCell::decl(),
        CategoryRow::decl(),
        CategoryTable::decl(),
        PositionBaseline::decl(),
        BiasBaselines::decl(),
        ReaderCeiling::decl(),
        Grades::decl(),
        ProjectSummary::decl(),
        ImportKind::decl(),
        ImportRequest::decl(),
        UnmappedAnswer::decl(),
        ImportReport::decl(),
        ProjectPath::decl(),
        CategoryOverride::decl(),
        QuestionCategories::decl(),
        CompareRequest::decl(),
        ComparedQuestions::decl(),
        Verdict::decl(),
        Comparison::decl(),
        SignificanceRequest::decl(),
        SignificanceRow::decl(),
        SignificanceTable::decl(),
        ChunkUnit::decl(),
        Chunking::decl(),
        IngestRequest::decl(),
        IngestReport::decl(),
        Retriever::decl(),
        ReaderKind::decl(),
        LlmScoring::decl(),
        ReaderCheckRequest::decl(),
        Rate::decl(),
        LetterShare::decl(),
        ReaderCheckRow::decl(),
        ReaderCheck::decl(),
        PipelineSpec::decl(),
        GridRequest::decl(),
        PipelineInfo::decl(),
        UserModelChoice::decl(),
        RunRequest::decl(),
        PipelineSitting::decl(),
        RunReport::decl(),
        JobState::decl(),
        JobStatus::decl(),
        PipelinesOverview::decl(),
        ReadArticlesRequest::decl(),
        ModelFile::decl(),
        ModelName::decl(),
        JobId::decl(),
        UserModelInfo::decl(),
        ModelsReport::decl(),
        ModelCheck::decl(),
        ModelSelfTest::decl(),
        AddModelRequest::decl(),
        EndpointRequest::decl(),
        SecretRequest::decl(),
        SecretName::decl(),
        SecretStatus::decl(),
        ModelTest::decl(),
        ArticleBuilder::decl(),
        BuildArticlesRequest::decl(),
        BuildArticlesReport::decl(),
        LeaderboardMetric::decl(),
        CorrelateRequest::decl(),
        BoardCorrelation::decl(),
        TrecScores::decl(),
        CorrelationReport::decl(),
        IrtModel::decl(),
        IrtMethod::decl(),
        SystemSelection::decl(),
        IrtSettings::decl(),
        IrtRequest::decl(),
        IrtItem::decl(),
        Measurable::decl(),
        IrtAbility::decl(),
        IrtEffect::decl(),
        InformationCurve::decl(),
        IrtReport::decl(),
        ImproveRequest::decl(),
        ImprovementStep::decl(),
        ImprovementReport::decl(),
        DocumentInfo::decl(),
        DocumentsOverview::decl(),
        DocumentRef::decl(),
        DocumentView::decl(),
        QuestionsRequest::decl(),
        QuestionListRow::decl(),
        QuestionTable::decl(),
        QuestionRequest::decl(),
        AnswerVerdict::decl(),
        SystemAnswer::decl(),
        ItemCurve::decl(),
        QuestionView::decl(),
        SystemInfo::decl(),
        SystemsOverview::decl(),
        RenameSystem::decl(),
        SystemTags::decl(),
    ];
    let mut out = String::from(
        "// Generated from the Rust DTOs in crates/api/src/dto.rs by crates/api/src/bindings.rs.\n\
         // Do not edit: run `UPDATE_BINDINGS=1 cargo test -p proctor-api bindings` instead.\n\n",
    );
    for declaration in declarations {
        out.push_str("export ");
        out.push_str(&declaration);
        out.push_str("\n\n");
    }
    out.truncate(out.trim_end().len());
    out.push('\n');
    out
}
