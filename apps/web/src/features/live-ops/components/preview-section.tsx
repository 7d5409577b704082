import { useId, useState } from 'react';
import type { LivePreview } from '@questboard/shared/live-api';

import { SettingsSection } from '../../../components/layouts/settings-section';
import { Button } from '../../../components/ui/button';
import { Label } from '../../../components/ui/label';
import { Select } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { TextField } from '../../../components/ui/text-field';
import { usePreviewLiveConfig } from '../api/preview-live-config';
import type { FieldErrors } from '../../../lib/field-errors';
import { type PlayerFields, buildPlayer, emptyPlayerFields } from '../lib/preview-form';
import { valueSummary } from '../../../lib/live-config/value-text';
import { ProblemsAlert } from '../../../components/live-config/problems-alert';

/** "Preview as player": the exact values one player gets now, evaluated by the server as games get them. */
export function PreviewSection({ projectId }: { projectId: string }) {
  const id = useId();
  const [fields, setFields] = useState<PlayerFields>(emptyPlayerFields);
  const [source, setSource] = useState<'published' | 'draft'>('published');
  const [errors, setErrors] = useState<FieldErrors>({});
  const preview = usePreviewLiveConfig(projectId);
  const set = (patch: Partial<PlayerFields>) => setFields((current) => ({ ...current, ...patch }));
  const text = (field: keyof PlayerFields, label: string, placeholder: string) => (
    <TextField
      id={`${id}-${field}`}
      label={label}
      value={fields[field]}
      placeholder={placeholder}
      autoComplete="off"
      spellCheck={false}
      error={errors[field]}
      onChange={(event) => set({ [field]: event.target.value })}
    />
  );

  return (
    <SettingsSection title="Preview as player" description="The values one player gets right now, worked out by the server exactly as for the game.">
      <form
        aria-label="Preview as player"
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          const built = buildPlayer(fields);
          if (!built.ok) {
            setErrors(built.errors);
            return;
          }
          setErrors({});
          preview.mutate({ player: built.player, source });
        }}
      >
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {text('userId', 'Player id', 'player-42')}
          {text('platform', 'Platform', 'ios')}
          {text('country', 'Country', 'DE')}
          {text('appVersion', 'App version', '1.4.0')}
        </div>
        <TextAreaField
          id={`${id}-properties`}
          label="Properties (JSON)"
          value={fields.properties}
          placeholder='{"level": 12, "install_date": "2026-10-01"}'
          spellCheck={false}
          className="[&_textarea]:min-h-16 [&_textarea]:font-mono"
          error={errors.properties}
          onChange={(event) => set({ properties: event.target.value })}
        />
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${id}-source`}>Config</Label>
            <Select id={`${id}-source`} value={source} onChange={(event) => setSource(event.target.value === 'draft' ? 'draft' : 'published')}>
              <option value="published">Published version</option>
              <option value="draft">Draft</option>
            </Select>
          </div>
          <Button type="submit" disabled={preview.isPending}>
            {preview.isPending && <Spinner />}
            Preview
          </Button>
        </div>
      </form>
      {preview.isError && <ProblemsAlert error={preview.error} className="mt-4" />}
      {preview.data && <PreviewValues preview={preview.data} />}
    </SettingsSection>
  );
}

function PreviewValues({ preview }: { preview: LivePreview }) {
  const entries = Object.entries(preview.values);
  const what = preview.source === 'draft' ? 'the draft' : preview.version ? `version ${preview.version}` : 'nothing published';
  return (
    <div className="mt-5 flex flex-col gap-2" aria-live="polite">
      <p className="text-sm text-muted-foreground">Values from {what}:</p>
      {entries.length === 0 ? (
        <p className="text-sm">No values: the game gets its fallbacks.</p>
      ) : (
        <div className="overflow-x-auto rounded-lg border">
          <table aria-label="Preview values" className="w-full text-sm">
            <thead className="bg-muted text-left text-muted-foreground">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">Key</th>
                <th scope="col" className="px-3 py-2 font-medium">Value</th>
              </tr>
            </thead>
            <tbody className="divide-y">
              {entries.map(([key, value]) => (
                <tr key={key}>
                  <td className="px-3 py-2 font-mono text-[13px] break-all">{key}</td>
                  <td className="px-3 py-2 font-mono text-[13px] break-all">{valueSummary(value, 200)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
