import type { ReactNode } from "react";

/** One term and its value in an `admin-facts` list (`<dl>`). */
export function Fact({ term, className, children }: { term: string; className?: string; children: ReactNode }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd className={className}>{children}</dd>
    </div>
  );
}
