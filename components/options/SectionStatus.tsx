/** A section's last action: its confirmation (status) or its error (alert), in the same place in every section. */
export function SectionStatus({ message, error }: { message: string | null; error: string | null }) {
  return (
    <>
      {message && (
        <p role="status" class="section-status">
          {message}
        </p>
      )}
      {error && (
        <p role="alert" class="section-status test-error">
          {error}
        </p>
      )}
    </>
  );
}
