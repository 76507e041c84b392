// The REST API reference, rendered from the OpenAPI document (features/developer/reference.ts
// reads it): operations grouped by tag, each with its parameters, request body and answer.
import { Anchor, Badge, Card, Code, Group, Stack, Table, Text, Title } from '@mantine/core';
import { ListTable } from '../../components/ListTable';
import { anchorOf, constraints, fieldsOf, groupOperations, typeLabel, type JsonSchema, type OpenApiDocument, type Operation } from './reference';

const METHOD_COLORS: Record<string, string> = { GET: 'blue', POST: 'green', PUT: 'orange', PATCH: 'grape', DELETE: 'red' };

export function ApiReference({ doc }: { doc: OpenApiDocument }) {
  const groups = groupOperations(doc);
  return (
    <Stack gap="lg">
      <div>
        <Title order={2}>{doc.info.title}</Title>
        <Text size="sm" c="dimmed">
          OpenAPI {doc.openapi} · version {doc.info.version} ·{' '}
          <Anchor href="/api/openapi.json" target="_blank" rel="noopener">
            openapi.json
          </Anchor>
        </Text>
      </div>
      {doc.info.description && (
        <Card withBorder radius="md" p="md">
          <Stack gap={6}>
            {doc.info.description.split('\n\n').map((para) => (
              <Text key={para} size="sm">
                {para}
              </Text>
            ))}
          </Stack>
        </Card>
      )}
      <nav aria-label="API sections">
        <Group gap="xs">
          {groups.map((g) => (
            <Anchor key={g.tag} href={`#${anchorOf(g.tag)}`} size="sm">
              {g.tag} ({g.operations.length})
            </Anchor>
          ))}
        </Group>
      </nav>
      {groups.map((g) => (
        <section key={g.tag} id={anchorOf(g.tag)} aria-label={g.tag}>
          <Stack gap="sm">
            <div>
              <Title order={3}>{g.tag}</Title>
              {g.description && (
                <Text size="sm" c="dimmed">
                  {g.description}
                </Text>
              )}
            </div>
            {g.operations.map((op) => (
              <OperationCard key={op.operationId} doc={doc} op={op} />
            ))}
          </Stack>
        </section>
      ))}
    </Stack>
  );
}

function OperationCard({ doc, op }: { doc: OpenApiDocument; op: Operation }) {
  const params = op.parameters ?? [];
  const body = op.requestBody ? Object.entries(op.requestBody.content) : [];
  const responses = Object.entries(op.responses).filter(([status]) => /^2/.test(status));
  return (
    <Card withBorder radius="md" p="md" id={anchorOf(op.operationId)} data-testid="operation">
      <Stack gap="sm">
        <Group gap="sm" wrap="nowrap" align="center">
          <Badge color={METHOD_COLORS[op.method] ?? 'gray'} variant="filled" w={70} style={{ flexShrink: 0 }}>
            {op.method}
          </Badge>
          <Code style={{ wordBreak: 'break-all' }}>{op.path}</Code>
          {op['x-token-scope'] && (
            <Badge variant="light" color={op['x-token-scope'] === 'read' ? 'blue' : 'orange'} style={{ flexShrink: 0 }}>
              {op['x-token-scope'] === 'read' ? 'read token' : 'read-write token'}
            </Badge>
          )}
        </Group>
        <Text fw={600}>{op.summary}</Text>
        {op.description?.split('\n\n').map((para) => (
          <Text key={para} size="sm" c="dimmed">
            {para}
          </Text>
        ))}
        {params.length > 0 && (
          <div>
            <Title order={5} mb={4}>
              Parameters
            </Title>
            <ListTable
              withTableBorder
              verticalSpacing={4}
              fz="sm"
              minWidth={520}
              columns={['Name', 'In', 'Type', 'Notes']}
              items={params}
              row={(p) => (
                <Table.Tr key={`${p.in}-${p.name}`}>
                  <Table.Td>
                    <Code>{p.name}</Code>
                    {p.required && <RequiredMark />}
                  </Table.Td>
                  <Table.Td>{p.in}</Table.Td>
                  <Table.Td>{typeLabel(doc, p.schema)}</Table.Td>
                  <Table.Td>{[p.description, ...constraints(p.schema)].filter(Boolean).join('; ')}</Table.Td>
                </Table.Tr>
              )}
            />
          </div>
        )}
        {body.map(([type, { schema }]) => (
          <div key={type}>
            <Title order={5} mb={4}>
              Request body <Code>{type}</Code>
            </Title>
            <SchemaFields doc={doc} schema={schema} />
          </div>
        ))}
        {responses.map(([status, r]) => (
          <div key={status}>
            <Title order={5} mb={4}>
              Answer {status} <Text span size="sm" c="dimmed">{r.description}</Text>
            </Title>
            {Object.entries(r.content ?? {}).map(([type, { schema }]) =>
              type === 'application/json' ? (
                <SchemaFields key={type} doc={doc} schema={schema} />
              ) : (
                <Text key={type} size="sm">
                  A file: <Code>{type}</Code>
                </Text>
              ),
            )}
          </div>
        ))}
      </Stack>
    </Card>
  );
}

/** The fields of an object schema as a nested list (depth-limited; recursive schemas stop). */
function SchemaFields({ doc, schema, depth = 0 }: { doc: OpenApiDocument; schema: JsonSchema; depth?: number }) {
  const object = fieldsOf(doc, schema);
  if (!object?.properties) return <Text size="sm">{typeLabel(doc, schema)}</Text>;
  const required = new Set(object.required ?? []);
  return (
    <Stack gap={2} pl={depth ? 'md' : 0} style={depth ? { borderLeft: '2px solid var(--mantine-color-gray-3)' } : undefined}>
      {Object.entries(object.properties).map(([name, field]) => {
        const nested = depth < 4 ? fieldsOf(doc, field) : null;
        const notes = [field.description, ...constraints(field)].filter(Boolean).join('; ');
        return (
          <div key={name}>
            <Text size="sm">
              <Code>{name}</Code>{' '}
              <Text span c="dimmed" size="sm">
                {typeLabel(doc, field)}
              </Text>
              {required.has(name) && <RequiredMark />}
              {notes && (
                <Text span size="xs" c="dimmed" ml={6}>
                  — {notes}
                </Text>
              )}
            </Text>
            {nested && <SchemaFields doc={doc} schema={field} depth={depth + 1} />}
          </div>
        );
      })}
    </Stack>
  );
}

function RequiredMark() {
  return (
    <Text span c="red" size="xs" ml={4}>
      required
    </Text>
  );
}
