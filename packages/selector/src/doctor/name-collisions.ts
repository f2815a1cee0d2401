import type { Tool } from '@toolsift/core';
import { nameWithinServer } from '../views/tool-server.js';
import { DoctorCode, type DoctorFinding } from './doctor-finding.js';

/**
 * NAME_COLLISION: tools of different servers under one name within their server (case aside), such as two servers'
 * `search`, the gateway's `github__search` and `gitlab__search`. A tool without a server is of its file. Ids stay
 * apart (the gateway qualifies names), but a model reads the names and descriptions, and two `search` tools with
 * thin descriptions are a coin toss.
 */
export function nameCollisionFindings(tools: readonly Tool[]): DoctorFinding[] {
  const byName = new Map<string, Tool[]>();
  for (const tool of tools) {
    const key = nameWithinServer(tool).toLowerCase();
    const group = byName.get(key);
    if (group === undefined) byName.set(key, [tool]);
    else group.push(tool);
  }
  const findings: DoctorFinding[] = [];
  for (const group of byName.values()) {
    const origins = group.map(originOf);
    if (new Set(origins).size < 2) continue;
    const name = nameWithinServer(group[0]!);
    findings.push({
      code: DoctorCode.NameCollision,
      kind: 'name-collision',
      severity: 'warning',
      tools: group.map((tool) => tool.id),
      message: `${group.length} tools of ${new Set(origins).size} servers or files are named "${name}"`,
      evidence: group.map(
        (tool, index) => `${tool.id} (${origins[index]}): "${firstLine(tool.description)}"`,
      ),
      fix: 'Make each description say what sets it apart (its service, what it acts on); where both do the same job, leave one server out or give the other a not_for in an overlay.',
      details: { name, origins },
    });
  }
  return findings;
}

// --- internal ---

function originOf(tool: Tool): string {
  return tool.server === undefined ? tool.source.file : `server ${tool.server.name}`;
}

function firstLine(text: string): string {
  const line = text.split('\n')[0]?.trim() ?? '';
  return line.length <= 80 ? line : `${line.slice(0, 77)}...`;
}
