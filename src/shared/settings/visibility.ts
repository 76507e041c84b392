import type { HideRule, Setting, SettingValues } from './types';

/** The one place hide rules are evaluated (editor and server alike). */
export function evaluateRule(rule: HideRule, values: SettingValues): boolean {
  if ('all' in rule) return rule.all.every((r) => evaluateRule(r, values));
  if ('any' in rule) return rule.any.some((r) => evaluateRule(r, values));
  if ('not' in rule) return !evaluateRule(rule.not, values);
  const value = values[rule.setting];
  if ('equals' in rule) return value === rule.equals;
  return rule.in.includes(value);
}

/** A setting is visible when it is not hidden and its `showIf` rule (if any) holds. */
export function isVisible(setting: Setting, values: SettingValues): boolean {
  if (setting.hidden) return false;
  return setting.showIf === undefined || evaluateRule(setting.showIf, values);
}

/** Every setting key a rule refers to (the catalogue test checks they exist). */
export function ruleKeys(rule: HideRule): string[] {
  if ('all' in rule) return rule.all.flatMap(ruleKeys);
  if ('any' in rule) return rule.any.flatMap(ruleKeys);
  if ('not' in rule) return ruleKeys(rule.not);
  return [rule.setting];
}
