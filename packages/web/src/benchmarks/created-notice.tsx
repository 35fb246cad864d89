import { Link } from "@tanstack/react-router";

export function CreatedNotice({ id, what }: { id: string; what: string }) {
  return (
    <span className="notice" role="status">
      {what}{" "}
      <Link to="/benchmarks/$id" params={{ id }}>
        Open it
      </Link>
    </span>
  );
}
