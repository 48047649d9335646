//! An exam version written out: CSV, JSON with the provenance of generated questions, or
//! auto-rag-eval's exam.json.

use crate::dto::{ExamFileFormat, ExportRequest, ExportedExam, SaveExamRequest};
use crate::files::{chosen_path, file_stem, write_chosen};
use crate::saturating_u32;
use crate::{ApiError, ApiResult, ErrorCode, Project};
use proctor_formats::exam_export::{ExportFormat, ExportQuestion, write_exam};

impl Project {
    /// An exam version written out as CSV, JSON or auto-rag-eval's exam.json (only its active
    /// questions, generated ones with their provenance), or for vendors (no keys).
    pub fn export_exam(&self, request: &ExportRequest) -> ApiResult<ExportedExam> {
        let on_view = self.exam_version(request.exam.as_deref())?;
        let version = match request.version {
            None => on_view,
            Some(number) => self
                .store
                .version_of(&on_view.exam_name, number)?
                .ok_or_else(|| {
                    ApiError::new(
                        ErrorCode::NotFound,
                        format!("exam '{}' has no version {number}", on_view.exam_name),
                    )
                })?,
        };
        let provenances = self.store.provenances(version.id)?;
        let questions: Vec<ExportQuestion> = self
            .store
            .questions(version.id)?
            .into_iter()
            .filter(|q| q.active)
            .map(|q| ExportQuestion {
                provenance: provenances
                    .get(&q.id)
                    .and_then(|p| serde_json::from_str(p).ok()),
                id: q.external_id,
                stem: q.stem,
                choices: q.choices,
                key: q.key,
                topic: q.topic,
                bloom: q.bloom.iter().map(|b| b.as_str().to_owned()).collect(),
                source_text: q.source_text,
                query: q.query,
            })
            .collect();
        let (format, extension) = match request.format {
            ExamFileFormat::Csv => (ExportFormat::Csv, "csv"),
            ExamFileFormat::Json => (ExportFormat::Json, "json"),
            ExamFileFormat::AutoRagEval => (ExportFormat::AutoRagEval, "exam.json"),
            ExamFileFormat::VendorCsv => (ExportFormat::VendorCsv, "for-vendors.csv"),
            ExamFileFormat::VendorJsonl => (ExportFormat::VendorJsonl, "for-vendors.jsonl"),
        };
        let stem = file_stem(&version.exam_name);
        Ok(ExportedExam {
            file_name: format!("{stem}-v{}.{extension}", version.version),
            content: String::from_utf8_lossy(&write_exam(&questions, format)).into_owned(),
            questions: saturating_u32(questions.len()),
        })
    }

    /// Writes an exam version to a file the user chose. A project file is never overwritten.
    pub fn save_exam(&self, request: &SaveExamRequest) -> ApiResult<ExportedExam> {
        let path = chosen_path(&request.path, "the exam")?;
        let mut exported = self.export_exam(&request.export)?;
        exported.file_name = write_chosen(&path, exported.content.as_bytes())?;
        Ok(exported)
    }
}
