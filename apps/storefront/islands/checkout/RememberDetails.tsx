interface Props {
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** Details from an earlier order are kept on this device now. */
  kept: boolean;
  /** The guest has just had them forgotten. */
  forgotten: boolean;
  onForget: () => void;
}

/** A guest's consent to keep their details on this device, unticked until they give it, and the way to take it back. */
export function RememberDetails({ checked, onChange, kept, forgotten, onForget }: Props) {
  return (
    <div className="flex flex-col gap-1 text-sm">
      <label className="flex items-center gap-2">
        <input type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />
        Remember my details on this device
      </label>
      {kept ? (
        <p className="text-muted-foreground">
          Your details are remembered on this device.{' '}
          <button type="button" className="font-semibold underline underline-offset-4" onClick={onForget}>
            Forget my details
          </button>
        </p>
      ) : (
        <p className="text-muted-foreground" role="status">
          {forgotten
            ? 'Forgotten: nothing of yours is kept on this device.'
            : 'Kept only in this browser, to fill in your next order.'}
        </p>
      )}
    </div>
  );
}
