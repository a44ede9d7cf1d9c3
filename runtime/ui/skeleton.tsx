// The loading placeholder of lists and panels: 3 rows.
export function RowsSkeleton() {
  return (
    <div className="sf-skeleton__rows" aria-busy="true">
      {[0, 1, 2].map((i) => (
        <div key={i} className="sf-skeleton__row" />
      ))}
    </div>
  );
}
