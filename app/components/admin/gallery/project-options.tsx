export interface ProjectOption {
  id: string;
  title: string;
  status: "draft" | "published";
}

/** The `<option>`s of a project select: "No project", then every project (drafts say so). */
export function ProjectOptions({ projects, none = "No project" }: { projects: readonly ProjectOption[]; none?: string | null }) {
  return (
    <>
      {none === null ? null : <option value="">{none}</option>}
      {projects.map((project) => (
        <option key={project.id} value={project.id}>
          {project.title}
          {project.status === "draft" ? " (draft)" : ""}
        </option>
      ))}
    </>
  );
}
