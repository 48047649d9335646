//! One open project file and the use cases on it.

use crate::dto::{Counts, ExamVersion, ProjectSummary};
use crate::saturating_u32;
use crate::{ApiError, ApiResult, ErrorCode};
use proctor_core::ExamVersionId;
use proctor_store::{DeletedSystem, ExamVersionRow, Store};
use std::path::{Path, PathBuf};

/// An open project.
#[derive(Debug)]
pub struct Project {
    pub(crate) store: Store,
    /// The exam version the pages show (the version picker); the newest when unset.
    pub(crate) on_view: Option<ExamVersionId>,
    /// Systems deleted since the project was opened, newest last, to put back.
    pub(crate) trash: Vec<DeletedSystem>,
}

pub(crate) fn exam_version_dto(row: &ExamVersionRow) -> ExamVersion {
    ExamVersion {
        exam: row.exam_name.clone(),
        version: row.version,
        frozen: row.frozen,
        questions: saturating_u32(row.questions),
    }
}

impl Project {
    /// The system of this name, or `not_found` naming it.
    pub(crate) fn system_named(&self, name: &str) -> ApiResult<proctor_store::SystemRow> {
        self.store
            .systems()?
            .into_iter()
            .find(|s| s.name == name)
            .ok_or_else(|| {
                ApiError::new(
                    ErrorCode::NotFound,
                    format!(
                        "there is no system named \"{}\"",
                        proctor_core::text::visible(name)
                    ),
                )
            })
    }

    /// Creates a new, empty project file. A path without an extension gets `.proctor`.
    pub fn create(path: &Path) -> ApiResult<Self> {
        let path = with_extension(path);
        let store = Store::create(&path)
            .map_err(|e| ApiError::from(e).context(format!("creating {}", path.display())))?;
        Ok(Self::over(store))
    }

    fn over(store: Store) -> Self {
        Self {
            store,
            on_view: None,
            trash: Vec::new(),
        }
    }

    /// Opens an existing project file, upgrading its schema if it is older.
    pub fn open(path: &Path) -> ApiResult<Self> {
        let store = Store::open(path)
            .map_err(|e| ApiError::from(e).context(format!("opening {}", path.display())))?;
        Ok(Self::over(store))
    }

    /// The project file.
    pub fn path(&self) -> &Path {
        self.store.path()
    }

    /// Row counts, exam versions and the grades of the newest exam.
    pub fn summary(&self) -> ApiResult<ProjectSummary> {
        let c = self.store.counts()?;
        let versions = self.store.exam_versions()?;
        let on_view = self.viewed_version()?;
        let grades = on_view
            .as_ref()
            .filter(|v| v.questions > 0)
            .map(|v| self.grades_of(v))
            .transpose()?;
        Ok(ProjectSummary {
            path: self.path().display().to_string(),
            name: self
                .path()
                .file_stem()
                .map_or_else(String::new, |s| s.to_string_lossy().into_owned()),
            counts: Counts {
                documents: saturating_u32(c.documents),
                topics: saturating_u32(c.topics),
                exams: saturating_u32(c.exams),
                questions: saturating_u32(c.questions),
                systems: saturating_u32(c.systems),
                runs: saturating_u32(c.runs),
                responses: saturating_u32(c.responses),
                articles: saturating_u32(c.articles),
                gold_articles: saturating_u32(c.gold_articles),
                nuggets: saturating_u32(c.nuggets),
                formulation_samples: saturating_u32(c.formulation_samples),
            },
            exams: versions.iter().map(exam_version_dto).collect(),
            on_view: on_view.as_ref().map(exam_version_dto),
            grades,
        })
    }

    /// The version on view: the one the picker chose while it exists, else the newest version
    /// of the newest exam (None when the project has no exam).
    pub(crate) fn viewed_version(&self) -> ApiResult<Option<ExamVersionRow>> {
        if let Some(id) = self.on_view
            && let Some(row) = self.store.version(id)?
        {
            return Ok(Some(row));
        }
        Ok(self.store.exam_versions()?.into_iter().next())
    }

    /// The version on view of the named exam (its latest unless the picker chose another of
    /// its versions), or the version on view when no name is given.
    pub(crate) fn exam_version(&self, name: Option<&str>) -> ApiResult<ExamVersionRow> {
        let viewed = self.viewed_version()?;
        match name {
            Some(name) => {
                if let Some(row) = viewed.filter(|v| v.exam_name == name.trim()) {
                    return Ok(row);
                }
                self.store.latest_version_of(name)?.ok_or_else(|| {
                    ApiError::new(
                        ErrorCode::NotFound,
                        format!("there is no exam named '{name}'"),
                    )
                })
            }
            None => viewed.ok_or_else(|| {
                ApiError::new(
                    ErrorCode::NotFound,
                    "the project has no exam yet; import one first",
                )
            }),
        }
    }

    /// Runs SQLite's integrity check; the empty list means the file is sound.
    pub fn integrity_problems(&self) -> ApiResult<Vec<String>> {
        let answers = self.store.integrity_check()?;
        Ok(answers.into_iter().filter(|a| a != "ok").collect())
    }

    /// The schema version of the file (after the upgrade that opening performs).
    pub fn schema_version(&self) -> ApiResult<u32> {
        Ok(self.store.schema_version()?)
    }
}

fn with_extension(path: &Path) -> PathBuf {
    if path.extension().is_some() {
        path.to_owned()
    } else {
        path.with_extension("proctor")
    }
}
