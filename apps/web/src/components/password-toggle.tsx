import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';

interface PasswordToggleProps {
  shown: boolean;
  onToggle: () => void;
  /** Accessible names, e.g. 'Show password' / 'Hide password'. */
  showLabel: string;
  hideLabel: string;
}

/** The eye button at the end of a password field: a toggle (aria-pressed) that shows the text. */
export function PasswordToggle({ shown, onToggle, showLabel, hideLabel }: PasswordToggleProps) {
  return (
    <InputAdornment position="end">
      <IconButton onClick={onToggle} aria-pressed={shown} aria-label={shown ? hideLabel : showLabel} edge="end">
        {shown ? <VisibilityOffIcon aria-hidden="true" /> : <VisibilityIcon aria-hidden="true" />}
      </IconButton>
    </InputAdornment>
  );
}
