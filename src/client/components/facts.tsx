import type { ReactNode } from "react";
import classes from "./facts.module.css";

/** Read-only data as term and value pairs: two columns, one below 576 px. */
export function Facts({ rows }: { rows: Array<[string, ReactNode]> }) {
  return (
    <dl className={classes.facts}>
      {rows.map(([term, value]) => (
        <div key={term} style={{ display: "contents" }}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
