import { BoxGeometry, DirectionalLight, InstancedMesh, Mesh, MeshBasicMaterial, Scene } from 'three';
import { describe, expect, it } from 'vitest';
import { isSoftwareRendererName } from './renderProfile';
import { shadowSignature } from './ShadowBaker';

describe('shadowSignature', () => {
  const scene = () => {
    const s = new Scene();
    const light = new DirectionalLight();
    light.castShadow = true;
    const caster = new Mesh(new BoxGeometry(), new MeshBasicMaterial());
    caster.castShadow = true;
    const other = new Mesh(new BoxGeometry(), new MeshBasicMaterial());
    const many = new InstancedMesh(new BoxGeometry(), new MeshBasicMaterial(), 3);
    many.castShadow = true;
    s.add(light, caster, other, many);
    s.updateMatrixWorld(true);
    return { s, caster, other, many };
  };

  it('is unchanged when nothing that casts shadows changed', () => {
    const { s, other } = scene();
    const out: number[] = [];
    expect(shadowSignature(s, out).changed).toBe(true);
    expect(shadowSignature(s, out).changed).toBe(false);
    other.position.x = 5; // does not cast shadows
    s.updateMatrixWorld(true);
    expect(shadowSignature(s, out).changed).toBe(false);
  });

  it('changes when a caster moves, hides or is re-instanced', () => {
    const { s, caster, many } = scene();
    const out: number[] = [];
    shadowSignature(s, out);
    caster.position.z = 1;
    s.updateMatrixWorld(true);
    expect(shadowSignature(s, out).changed).toBe(true);
    caster.visible = false;
    expect(shadowSignature(s, out).changed).toBe(true);
    many.instanceMatrix.needsUpdate = true;
    expect(shadowSignature(s, out).changed).toBe(true);
    expect(shadowSignature(s, out).changed).toBe(false);
  });
});

describe('isSoftwareRendererName', () => {
  it('tells software rasterisers from GPUs', () => {
    expect(isSoftwareRendererName('ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero) (0x0000C0DE)), SwiftShader driver)')).toBe(true);
    expect(isSoftwareRendererName('llvmpipe (LLVM 15.0.6, 256 bits)')).toBe(true);
    expect(isSoftwareRendererName('ANGLE (NVIDIA, NVIDIA GeForce RTX 3060 Direct3D11 vs_5_0 ps_5_0, D3D11)')).toBe(false);
    expect(isSoftwareRendererName('Apple M2')).toBe(false);
  });
});
